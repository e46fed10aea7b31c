import Foundation
import Testing

/// The repository's root folder (two levels above this file's folder).
public let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Compares `actual` with the golden file `Fixtures/Goldens/name`; with FLEETSCAN_UPDATE_GOLDENS=1
/// writes it instead. A mismatch shows the first differing line, expected beside actual.
public func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = repositoryRoot + "/Fixtures/Goldens/" + name
    if ProcessInfo.processInfo.environment["FLEETSCAN_UPDATE_GOLDENS"] == "1" {
        try? actual.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("missing golden \(name); run with FLEETSCAN_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
        return
    }
    guard expected != actual else { return }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let i = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
    let want = i < e.count ? String(e[i]) : "<end>"
    let got = i < a.count ? String(a[i]) : "<end>"
    Issue.record("\(name) differs at line \(i + 1):\n  expected: \(want)\n  actual:   \(got)", sourceLocation: sourceLocation)
}
