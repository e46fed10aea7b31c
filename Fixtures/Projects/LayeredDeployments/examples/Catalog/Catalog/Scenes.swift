import UIKit

func sceneCount() -> Int { UIApplication.shared.connectedScenes.count }

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
}
