import Testing
import ProjectFiles
import RuleKit
import Rules
@testable import ScanEngine

/// History keeps the repository model up to date file by file; its upkeep must follow the
/// change, not the repository. A tree repeating one class under thousands of paths (a vendored
/// blob copied per target, a generated tree) made every added file remake the class's entry
/// from all the files before it: quadratic in the copies.
@Suite struct ModelInputsTests {
    static func file(_ i: Int, extending: Bool = false, parents: [String] = ["UIView"]) -> FileFacts {
        let path = "Copies/\(String(format: "%05d", i))/V.swift"
        var f = FileFacts(path: path)
        f.types = [TypeDeclaration(name: "V", kind: extending ? .swiftExtension : .swiftClass, inherits: parents, path: path, offset: 0)]
        f.typeNames = extending ? [] : ["V"]
        return f
    }

    static func entries(_ inputs: ModelInputs) -> [String: RepositoryModel.TypeEntry] {
        inputs.model(project: ProjectModel(), names: 0).types
    }

    static func fresh(_ facts: [FileFacts]) -> [String: RepositoryModel.TypeEntry] {
        TreeScan.buildModel(facts: facts.sorted { ModelInputs.precedes($0.path, $1.path) }, project: ProjectModel()).types
    }

    @Test func repeatingOneClassUnderManyPathsStaysLinear() {
        let n = 20_000
        let facts = (0..<n).map { Self.file($0) }
        let inputs = ModelInputs()
        for f in facts { inputs.add(f) }
        #expect(inputs.entryWork <= 3 * n, "remaking V's entry read \(inputs.entryWork) declarations for \(n) files")
        #expect(Self.entries(inputs) == Self.fresh(facts))
        // Removing all but the first, from the last: each leaves the entry as it is.
        for f in facts.dropFirst().reversed() { inputs.remove(f) }
        #expect(inputs.entryWork <= 6 * n, "removing read \(inputs.entryWork) declarations")
        #expect(Self.entries(inputs) == Self.fresh([facts[0]]))
    }

    @Test func changesThatMoveTheEntryStillRemakeIt() {
        // A later file naming a new parent, an extension-only first file, and removing the
        // first file or the last declaring one all change the entry: it must equal a fresh build.
        var facts = (1...50).map { Self.file($0) }
        facts.append(Self.file(60, parents: ["UIView", "Themed"]))
        facts.append(Self.file(0, extending: true, parents: ["Sendable"]))
        let inputs = ModelInputs()
        for f in facts { inputs.add(f) }
        #expect(Self.entries(inputs) == Self.fresh(facts))
        #expect(Self.entries(inputs)["V"]?.parents == ["Sendable", "UIView", "Themed"])
        var left = facts
        for victim in [facts.count - 1, facts.count - 2, 0] {
            inputs.remove(facts[victim])
            left.removeAll { $0.path == facts[victim].path }
            #expect(Self.entries(inputs) == Self.fresh(left))
        }
        for f in left.dropLast() { inputs.remove(f) }
        #expect(Self.entries(inputs)["V"]?.declared == true)
        inputs.remove(left.last!)
        #expect(Self.entries(inputs)["V"] == nil)
    }
}
