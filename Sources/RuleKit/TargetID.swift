import ProjectFiles

/// Which target: the project file that declares it and its name. Names repeat across projects
/// (a library's example projects all called `Sample`; an Xcode target and a Swift package
/// target of one name), so a name alone never identifies a target (RULES.md, "Readiness stages").
public struct TargetID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The project file (`App.xcodeproj`, `project.yml`, `Kit/Package.swift`); nil for an app
    /// only an Info.plist stands for.
    public var project: String?
    public var name: String

    public init(project: String?, name: String) {
        self.project = project
        self.name = name
    }

    /// `Sample (examples/Gallery/Sample.xcodeproj)`: the name with its project.
    public var qualified: String { project.map { "\(name) (\($0))" } ?? name }

    public var description: String { qualified }

    /// By name, then project: a repeated name's targets stay together in listings.
    public static func < (a: TargetID, b: TargetID) -> Bool { (a.name, a.project ?? "") < (b.name, b.project ?? "") }
}

/// How targets are named where people read them: by name alone where the repository uses the
/// name once, with the project where the name repeats (`TZImagePickerController
/// (TZImagePickerController.xcodeproj)` and `TZImagePickerController (Package.swift)`).
public struct TargetNames: Sendable {
    /// Names more than one target of the repository has.
    private let repeated: Set<String>

    public init<S: Sequence>(_ ids: S) where S.Element == TargetID {
        var seen: [String: Set<String?>] = [:]
        for id in ids { seen[id.name, default: []].insert(id.project) }
        repeated = Set(seen.filter { $0.value.count > 1 }.keys)
    }

    /// The name a report prints for `id`, unique in its repository.
    public func label(_ id: TargetID) -> String { repeated.contains(id.name) ? id.qualified : id.name }
}

extension XcodeProject.Target {
    /// Its identity: its project file and its name.
    public var id: TargetID { TargetID(project: project, name: name) }
}
