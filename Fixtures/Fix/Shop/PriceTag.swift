import SwiftUI

/// A SwiftUI view: its context is `view`, but it has no `bounds` or `traitCollection`.
struct PriceTag: View {
    var body: some View {
        Text("9.99").frame(width: UIScreen.main.bounds.width / 3, height: 44 / UIScreen.main.scale)
    }
}
