import UIKit

final class OldRenderer {
    func scale() -> CGFloat { UIScreen.main.scale }
}
