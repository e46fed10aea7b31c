import UIKit

public enum MockHost {
    public static func makeWindow() -> UIWindow {
        UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    }
}
