import Foundation

/// A temporary folder, removed when the value goes away.
public final class TempDirectory: Sendable {
    public let path: String

    public init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("fleetscan-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` at `relative`, creating folders.
    public func write(_ relative: String, _ text: String) { write(relative, Data(text.utf8)) }

    /// Writes `data` at `relative`, creating folders.
    public func write(_ relative: String, _ data: Data) {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
    }
}
