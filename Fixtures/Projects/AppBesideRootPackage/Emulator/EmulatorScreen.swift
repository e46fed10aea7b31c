import UIKit

final class EmulatorScreen: EmulatorRootClass {
    func snapshotScale() -> CGFloat {
        UIScreen.main.scale
    }
}
