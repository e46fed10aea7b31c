import ProjectDescription

let project = Project(
    name: "Notes",
    targets: [
        .target(
            name: "Notes",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.example.notes",
            deploymentTargets: .iOS("16.0"),
            infoPlist: .extendingDefault(with: ["UILaunchStoryboardName": "LaunchScreen"]),
            sources: ["Notes/Sources/**"],
            dependencies: [.target(name: "NotesKit")]
        ),
        .target(
            name: "NotesModern",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.notes.modern",
            infoPlist: .extendingDefault(with: [
                "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false],
            ]),
            sources: ["Modern/**"]
        ),
        // Tuist before 3 (`platform:`): its default Info.plist had no scene manifest.
        .target(
            name: "NotesClassic",
            platform: .iOS,
            product: .app,
            bundleId: "com.example.notes.classic",
            infoPlist: .default,
            sources: ["Classic/**"]
        ),
        // A framework for iOS and visionOS.
        .target(
            name: "NotesKit",
            destinations: [.iPhone, .iPad, .appleVision],
            product: .framework,
            bundleId: "com.example.noteskit",
            sources: ["NotesKit/**/*.swift"]
        ),
    ]
)
