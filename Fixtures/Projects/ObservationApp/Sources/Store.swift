import Observation
import SwiftUI

@Observable
final class Store {
    var items: [String] = []
    var selection: String?
}

@available(iOS 17, *)
@Observable
final class Preferences {
    var compact = false
}
