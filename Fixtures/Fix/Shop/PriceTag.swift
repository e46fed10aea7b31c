import SwiftUI

/// A SwiftUI view: its context is `view`, but it has no `bounds` or `traitCollection`. Its scale
/// comes from the environment (one property for both reads); its width is left alone.
struct PriceTag: View {
    var body: some View {
        Text("9.99").frame(width: UIScreen.main.bounds.width / 3, height: 44 / UIScreen.main.scale)
            .overlay(Rectangle().frame(height: hairline), alignment: .bottom)
    }

    private var hairline: CGFloat { 1 / UIScreen.main.scale }
}
