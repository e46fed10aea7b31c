// swiftlint:disable all
// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

import UIKit

final class AssetsPreviewController: UIViewController {
    override func viewDidLayoutSubviews() {
        let scale = UIScreen.main.scale
        view.layer.contentsScale = scale
    }
}
