// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "EmuLibrary",
    platforms: [.iOS(.v16)],
    products: [.library(name: "EmuLibrary", targets: ["EmuLibrary"])],
    targets: [.target(name: "EmuLibrary")]
)
