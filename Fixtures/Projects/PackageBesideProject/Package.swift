// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Layout",
    platforms: [.iOS(.v14)],
    products: [.library(name: "Layout", targets: ["Layout"])],
    targets: [
        .target(name: "Layout"),
        .target(name: "LayoutTestResources", path: "Tests/Resources"),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "LayoutTestResources"]),
    ]
)
