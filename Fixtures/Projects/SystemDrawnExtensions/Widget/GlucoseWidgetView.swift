import SwiftUI

struct GlucoseWidgetView: View {
    var body: some View {
        Text("120 mg/dL").frame(maxWidth: UIScreen.main.bounds.width * 0.9)
    }
}

final class Ring: UIView {
    func observe() {
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (view: Ring, _: UITraitCollection) in }
    }
}
