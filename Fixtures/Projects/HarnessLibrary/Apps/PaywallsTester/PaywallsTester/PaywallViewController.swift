import UIKit

final class PaywallViewController: UIViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.subviews.first?.frame.size.width = UIScreen.main.bounds.width
    }
}
