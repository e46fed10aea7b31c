// swift-tools-version:6.0
// A package that uses fleetscan's command plugin: scripts/test-plugin runs
// `swift package fleetscan` here (nothing of this package is built: the plugin only reads it).
import PackageDescription

let package = Package(
    name: "Shop",
    products: [.library(name: "ShopUI", targets: ["ShopUI"])],
    dependencies: [.package(name: "fleetscan", path: "../..")],
    targets: [
        .target(name: "ShopModel"),
        .target(name: "ShopUI", dependencies: ["ShopModel"]),
    ]
)
