import UIKit

enum Theme {
    #if os(iOS)
    static var columns: Int { UIScreen.main.bounds.width > 700 ? 3 : 1 }
    #endif
}
