import ProjectDescription

public let appDestinations: Destinations = .iOS
public let appDeployment: DeploymentTargets = .iOS("15.0")

extension Target {
    public static func app(name: String, sources: SourceFilesList? = nil) -> Self {
        .target(
            name: name,
            destinations: appDestinations,
            product: .app,
            bundleId: "com.example.\(name)",
            deploymentTargets: appDeployment,
            infoPlist: .file(path: "\(name)/Info.plist"),
            sources: sources ?? "\(name)/Sources/**"
        )
    }

    public static func unitTests(for module: String, suffix: String = "Tests") -> Self {
        let name = "\(module)\(suffix)"
        return .target(name: name, destinations: appDestinations, product: .unitTests, bundleId: "com.example.\(name)", sources: "\(name)/**")
    }
}
