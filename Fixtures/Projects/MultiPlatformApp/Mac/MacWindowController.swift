import AppKit

final class MacWindowController: NSWindowController {
    func size() -> CGFloat { UIScreen.main.scale }
}
