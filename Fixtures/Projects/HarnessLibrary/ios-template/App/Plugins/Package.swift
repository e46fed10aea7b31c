// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Plugins",
    platforms: [.iOS(.v14)],
    products: [.library(name: "Plugins", targets: ["Plugins"])],
    targets: [.target(name: "Plugins", path: "Sources")]
)
