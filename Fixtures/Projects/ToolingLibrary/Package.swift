// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Anim",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [.library(name: "Anim", targets: ["Anim"])],
    targets: [.target(name: "Anim", path: "Sources")]
)
