// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "ReaderKit",
    platforms: [.iOS(.v15)],
    products: [.library(name: "ReaderKit", targets: ["ReaderKit"])],
    targets: [.target(name: "ReaderKit", path: "ReaderKit")]
)
