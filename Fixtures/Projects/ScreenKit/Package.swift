// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ScreenKit",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [.library(name: "ScreenKit", targets: ["ScreenKit"])],
    targets: [.target(name: "ScreenKit")]
)
