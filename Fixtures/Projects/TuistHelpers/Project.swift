import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Shop",
    targets: [
        .app(name: "Shop"),
        .app(name: "Kiosk", sources: ["Kiosk/Code/**"]),
        .unitTests(for: "Shop"),
    ]
)
