import Foundation
import GitAccess
import Testing
import ProjectFiles
@testable import ScanEngine

/// What a history carries from one project model to the next: property lists by blob and
/// project objects by path, each read again only when its bytes changed.
@Suite struct ProjectMemoTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/><key>UIApplicationSceneManifest</key><dict/><key>CFBundleName</key><string>A</string></dict></plist>
        """
    static let blobA = ObjectID(hex: String(repeating: "a", count: 40))!
    static let blobB = ObjectID(hex: String(repeating: "b", count: 40))!

    /// A property list whose reads are counted, or that fails when read.
    final class Reads: @unchecked Sendable {
        // Only the test's one thread touches it (the model reads property lists in order, on
        // the calling thread).
        var count = 0
    }

    func file(_ blob: ObjectID, _ text: String, reads: Reads) -> ProjectFile {
        ProjectFile(path: "App/Info.plist", kind: .propertyList, blob: blob) { reads.count += 1; return Array(text.utf8) }
    }

    @Test func aPropertyListIsReadOncePerBlob() throws {
        var memo: ProjectScan.Memo? = ProjectScan.Memo()
        let reads = Reads()
        let (first, _) = ProjectScan.model([file(Self.blobA, Self.plist, reads: reads)], jobs: 1, memo: &memo)
        #expect(reads.count == 1 && first.apps.count == 1 && first.apps[0].facts.hasSceneManifest)
        // The same blob again: its value comes from the memo, equal to the first.
        let (again, _) = ProjectScan.model([file(Self.blobA, Self.plist, reads: reads)], jobs: 1, memo: &memo)
        #expect(reads.count == 1 && again.apps.map(\.facts) == first.apps.map(\.facts))
        // Another blob is read; a malformed one gives the same diagnostic as without a memo, twice.
        let (other, _) = ProjectScan.model([file(Self.blobB, Self.plist.replacingOccurrences(of: "<key>UIApplicationSceneManifest</key><dict/>", with: ""), reads: reads)], jobs: 1, memo: &memo)
        #expect(reads.count == 2 && other.apps.first?.facts.hasSceneManifest == false)
        var none: ProjectScan.Memo? = nil
        let broken = file(Self.blobA, "<plist><dict><key>A</key></plist>", reads: reads)
        memo = ProjectScan.Memo()
        let (_, fresh) = ProjectScan.model([broken], jobs: 1, memo: &none)
        let (_, memoised) = ProjectScan.model([broken], jobs: 1, memo: &memo)
        let (_, reused) = ProjectScan.model([broken], jobs: 1, memo: &memo)
        #expect(!fresh.isEmpty && memoised == fresh && reused == fresh)
        // The memo holds only the last model's blobs.
        #expect(memo?.plists.count == 1)
    }
}
