import UIKit

/// An image editor's crop screen: a size transition recomputes the largest clip frame, which a
/// helper derives from the screen. The view has its old size during the transition, so the
/// helper's read stays; what runs alongside the transition sees the new size.
final class ZLClipImageViewController: UIViewController {
    private var maxClipFrame = CGRect.zero
    private let clipView = UIView()

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        maxClipFrame = calculateMaxClipFrame()
        let screenHeight = UIScreen.main.bounds.height
        coordinator.animate(alongsideTransition: { _ in
            self.layoutClipView()
        }, completion: nil)
        clipView.frame.size.height = screenHeight
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        clipView.frame = maxClipFrame.intersection(UIScreen.main.bounds)
    }

    private func calculateMaxClipFrame() -> CGRect {
        UIScreen.main.bounds.insetBy(dx: 20, dy: insets)
    }

    private var insets: CGFloat { UIScreen.main.bounds.height / 10 }

    private func layoutClipView() {
        let bounds = UIScreen.main.bounds
        clipView.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}
