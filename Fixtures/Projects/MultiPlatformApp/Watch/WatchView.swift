import SwiftUI

struct WatchView: View {
    var body: some View { Text("\(WKInterfaceDevice.current().screenBounds.width)") }
    func legacy() -> CGFloat { UIScreen.main.bounds.width }
}
