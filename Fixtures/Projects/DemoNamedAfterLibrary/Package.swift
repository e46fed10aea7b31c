// swift-tools-version:5.3
import PackageDescription

let package = Package(
    name: "Picker",
    platforms: [.iOS(.v12)],
    products: [.library(name: "Picker", targets: ["Picker"])],
    targets: [.target(name: "Picker", path: "Picker/Core")]
)
