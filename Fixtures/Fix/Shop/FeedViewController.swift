import UIKit

final class FeedViewController: UIViewController {
    // A stored property's initializer has no `view` yet: left alone.
    let launchWidth = UIScreen.main.bounds.width

    // An outlet's observer runs while the nib loads: left alone.
    @IBOutlet var hairline: NSLayoutConstraint! {
        didSet { hairline.constant = 1 / UIScreen.main.scale }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let scale = UIScreen.main.scale
        let width = UIScreen.main.bounds.width
        let size = UIScreen.main.bounds.size
        let top = UIApplication.shared.statusBarFrame.height
        let key = UIApplication.shared.keyWindow
        let pixel = 1 / UIScreen.main.nativeScale
        layout(scale: scale, width: width, size: size, top: top, key: key, pixel: pixel)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Not in a window yet: the trait collection may be unspecified here, left alone.
        view.layer.borderWidth = 1 / UIScreen.main.scale
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let banner = UIView()
        view.addSubview(banner)
        NSLayoutConstraint.activate([
            banner.topAnchor.constraint(equalTo: topLayoutGuide.bottomAnchor),
            banner.bottomAnchor.constraint(equalTo: self.bottomLayoutGuide.topAnchor),
        ])
        UIView.animate(withDuration: 0.2) {
            banner.alpha = UIScreen.main.scale > 2 ? 1 : 0.5
        }
    }

    static func placeholderWidth() -> CGFloat {
        UIScreen.main.bounds.width  // no `view` in a static method: left alone
    }

    func split() -> CGFloat {
        UIScreen.main
            .bounds.width  // over two lines: left alone
    }

    func quiet() -> CGFloat {
        UIScreen.main.bounds.width  // fleetscan:ignore main-screen-bounds
    }

    private func layout(scale: CGFloat, width: CGFloat, size: CGSize, top: CGFloat, key: UIWindow?, pixel: CGFloat) {}
}
