import UIKit

typealias EmulatorRootClass = UIViewController
