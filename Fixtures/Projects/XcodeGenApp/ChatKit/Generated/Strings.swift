import UIKit

enum Strings {
    static func width(_ v: Int) -> CGFloat { UIScreen.main.bounds.width }
}
