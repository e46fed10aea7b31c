// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Kit",
    platforms: [.iOS(.v12)],
    products: [.library(name: "Kit", targets: ["Kit"])],
    targets: [.target(name: "Kit", path: "framework/Source")]
)
