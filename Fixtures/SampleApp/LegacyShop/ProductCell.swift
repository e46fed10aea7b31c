import UIKit

/// A product tile. Sized once from the screen, which breaks as soon as the window resizes.
final class ProductCell: UICollectionViewCell {
    static let preferredWidth = UIScreen.main.bounds.width / 2 - 16

    private let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(imageView)
        let scale = UIScreen.main.scale
        imageView.layer.borderWidth = 1 / scale
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        let insets = safeAreaInsets
        imageView.frame = CGRect(x: insets.left, y: 0, width: bounds.width - insets.left - insets.left, height: bounds.height)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsLayout()
    }
}

/// The product page.
final class ProductViewController: UIViewController {
    private let buyButton = UIButton(type: .system)
    private var bottomConstraint: NSLayoutConstraint?

    override func viewDidLoad() {
        super.viewDidLoad()
        if UIDevice.current.userInterfaceIdiom == .pad {
            buyButton.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        }
        if UIDevice.current.userInterfaceIdiom == .mac {
            // Platform checks are fine.
        }
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)),
                                               name: UIResponder.keyboardWillShowNotification, object: nil)
    }

    @objc private func keyboardWillShow(_ note: Notification) {
        guard let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        bottomConstraint?.constant = -frame.height
    }

    func showToast(_ text: String) {
        let window = UIApplication.shared.windows.first { $0.isKeyWindow }
        let toast = UILabel()
        toast.text = text
        window?.addSubview(toast)
        let isLandscape = UIDevice.current.orientation.isLandscape
        toast.frame.origin.y = isLandscape ? 20 : 60
    }
}
