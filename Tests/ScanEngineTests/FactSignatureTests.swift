import Testing
import ProjectFiles
import RuleKit
@testable import Rules
@testable import ScanEngine
import TestSupport

/// Fact signatures decide when the repository model is rebuilt, so every field the model reads
/// must be in them. They are hashed field by field (not encoded); these tests fail when a fact
/// type gains a field that `FactSignatures` does not hash, and show that each field counts.
@Suite struct FactSignatureTests {
    static func facts() throws -> [FileFacts] {
        let scan = try PathScan.prepare([repositoryRoot + "/Fixtures/SampleApp"])
        return scan.files.compactMap { file in
            if case .analyzed(let a) = TreeScan.firstPass(file, analyzer: Analyzer()) { return a.facts }
            return nil
        }
    }

    static func fields(_ v: Any) -> Int { Mirror(reflecting: v).children.count }

    @Test func everyFieldOfEveryFactTypeIsHashed() throws {
        let all = try Self.facts()
        let alias = try #require(all.flatMap(\.aliases).first)
        let bar = try #require(all.flatMap(\.bars).first)
        // The counts hashed in FactSignatures.swift; raise one only together with the hasher.
        #expect(Self.fields(FileFacts(path: "")) == 13)
        #expect(Self.fields(alias) == 9)
        #expect(Self.fields(alias.value) == 7)
        #expect(Self.fields(ValueReference(name: "", qualifier: nil, role: .whole)) == 3)
        #expect(Self.fields(bar) == 6)
        #expect(Self.fields(alias.site) == 5)
        #expect(Self.fields(MethodFact(kind: .sceneWillConnect, typeName: "", site: alias.site)) == 8)
        #expect(Self.fields(NamedSite(name: "", site: alias.site)) == 5)
        #expect(Self.fields(WindowStateCandidate(name: "", owner: nil, isStatic: true, holds: "", site: alias.site)) == 5)
        #expect(Self.fields(ClassAvailability(name: "", iOS: OSVersion(13))) == 2)
    }

    @Test func eachFieldMovesTheSignature() throws {
        let base = try #require(try Self.facts().first { !$0.aliases.isEmpty && !$0.bars.isEmpty } ?? Self.facts().first { !$0.aliases.isEmpty })
        let original = FactSignatures(base)
        var changes: [(String, (inout FileFacts) -> Void)] = [
            ("alias name", { $0.aliases[0].name += "x" }),
            ("alias line", { $0.aliases[0].site.line += 1 }),
            ("alias mutable", { $0.aliases[0].mutable.toggle() }),
            ("alias device check", { $0.aliases[0].value.deviceCheck.toggle() }),
            ("alias orientation", { $0.aliases[0].value.orientation.toggle() }),
            ("alias reads", { $0.aliases[0].value.reads.insert("main-screen-scale-x") }),
            ("alias reference", { $0.aliases[0].value.references.append(ValueReference(name: "k", qualifier: nil, role: .other)) }),
            ("assigned name", { $0.assignedNames.append("width") }),
            ("window state", { $0.windowState.append(WindowStateCandidate(name: "w", owner: nil, isStatic: true, holds: "UIWindow", site: $0.aliases[0].site)) }),
            ("scene name", { $0.sceneConfigurationNames.append(NamedSite(name: "Default", site: $0.aliases[0].site)) }),
            ("class availability", { $0.availableClasses.append(ClassAvailability(name: "SceneDelegate", iOS: OSVersion(13))) }),
        ]
        if !base.bars.isEmpty { changes.append(("bar reference", { $0.bars[0].references.append("kTop") })) }
        for (what, change) in changes {
            var f = base
            change(&f)
            #expect(FactSignatures(f) != original, "\(what) does not move the signature")
        }
        #expect(FactSignatures(base) == original)
    }
}
