import RuleKit

extension Example {
    /// An example repository whose main file is an Info.plist with these `<key>…` lines; with
    /// `marked`, a finding must start at its first byte (project findings sit on line 1).
    static func infoPlist(_ keys: String, marked: Bool, path: String = "App/Info.plist", files: [String: String] = [:],
                          suggestion: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> Example {
        let text = (marked ? "↓" : "") + """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(keys)
            </dict>
            </plist>
            """
        return Example(text, path: path, files: files, wraps: false, suggestion: suggestion, file: file, line: line)
    }

    static let appKeys = "<key>LSRequiresIPhoneOS</key><true/>"
    static let launchKeys = "<key>UILaunchStoryboardName</key><string>LaunchScreen</string>"
    static let sceneKeys = """
        <key>UIApplicationSceneManifest</key>
        <dict>
            <key>UIApplicationSupportsMultipleScenes</key><false/>
            <key>UISceneConfigurations</key>
            <dict>
                <key>UIWindowSceneSessionRoleApplication</key>
                <array><dict>
                    <key>UISceneConfigurationName</key><string>Default Configuration</string>
                    <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                </dict></array>
            </dict>
        </dict>
        """
    static let sceneDelegateSource = "class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }"
}
