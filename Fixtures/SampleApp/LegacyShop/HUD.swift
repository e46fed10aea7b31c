import UIKit

/// A window that floats above everything for progress and toasts.
final class HUDWindow: UIWindow {}

enum HUD {
    private static var window: HUDWindow?

    static func show() {
        let hud = HUDWindow(frame: UIScreen.main.bounds)
        hud.windowLevel = .alert + 1
        hud.isHidden = false
        window = hud
    }

    static func show(in scene: UIWindowScene) {
        let hud = HUDWindow(windowScene: scene)
        hud.isHidden = false
        window = hud
    }
}
