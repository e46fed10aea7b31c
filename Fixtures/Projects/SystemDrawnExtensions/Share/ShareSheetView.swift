import SwiftUI

struct ShareSheetView: View {
    var body: some View {
        Text("120 mg/dL").frame(maxWidth: UIScreen.main.bounds.width * 0.9)
    }
}
