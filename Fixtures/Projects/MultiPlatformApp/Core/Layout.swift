import UIKit

public enum Layout {
    public static func scale(of view: UIView) -> CGFloat {
        #if os(tvOS)
        return UIScreen.main.scale
        #elseif os(iOS)
        return UIScreen.main.nativeScale
        #else
        return view.traitCollection.displayScale
        #endif
    }

    public static func idiomCheck() -> Bool {
        #if canImport(UIKit) && !os(tvOS)
        return UIDevice.current.userInterfaceIdiom == .pad
        #else
        return false
        #endif
    }
}
