import UIKit

final class NotesViewController: UITableViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        tableView.rowHeight = view.bounds.width > 500 ? 64 : 44
    }
}
