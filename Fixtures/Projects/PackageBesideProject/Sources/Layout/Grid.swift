import UIKit

public struct Grid {
    public static func columns() -> Int {
        UIScreen.main.bounds.width > 700 ? 3 : 2
    }
}
