import UIKit

class FeedViewController: UIViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = UIScreen.main.bounds.width
        preferredContentSize.width = width
    }
}
