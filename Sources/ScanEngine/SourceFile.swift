// ScanEngine exists to turn a set of files into findings: which files, with which
// configuration, on how many cores, and how a finding's context, suppressions and
// fingerprint are settled. It reads files; it never writes into what it scans.
import Foundation
import RuleKit
import SourceLexing

/// A file to scan: where it is, what language, and how to read its bytes (from disk or from a
/// git blob). Reading may be called twice: once per pass that needs the file.
public struct SourceFile: Sendable {
    /// Path relative to the scanned root, `/`-separated.
    public var path: String
    public var language: Language
    /// Size in bytes, when known (used to schedule big files first).
    public var size: Int
    public let read: @Sendable () throws -> SourceBuffer
    /// Throws unless the bytes read are the file's own — for a git blob, unless they hash to its
    /// id (nil: nothing to check, a file on disk). Called before bytes are analysed, never for a
    /// file the prefilter leaves unanalysed: an analysis may be memoised by blob id for every
    /// repository, so it is never made of bytes a repository forged under another blob's id.
    public var verify: (@Sendable (SourceBuffer) throws -> Void)?

    public init(path: String, language: Language, size: Int, read: @escaping @Sendable () throws -> SourceBuffer,
                verify: (@Sendable (SourceBuffer) throws -> Void)? = nil) {
        self.path = path
        self.language = language
        self.size = size
        self.read = read
        self.verify = verify
    }

    /// The bytes, checked as `verify` says (the error it throws, else the read's).
    func readVerified() throws -> SourceBuffer {
        let buffer = try read()
        try verify?(buffer)
        return buffer
    }

    /// A file whose bytes are already in memory.
    public static func inMemory(path: String, text: String) -> SourceFile? {
        guard let language = Language(path: path) else { return nil }
        let bytes = Array(text.utf8)
        return SourceFile(path: path, language: language, size: bytes.count) { SourceBuffer(bytes) }
    }
}

/// A file the user names on the command line (a fleet manifest, a baseline): its bytes, or an
/// error that says plainly what is wrong, in the system's words ("no such file: PATH").
public enum NamedFile {
    public static func read(_ path: String, as what: String) throws -> Data {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw ScanError(errno == ENOENT ? "no such file: \(path)" : "\(path): cannot read the \(what): \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) != S_IFDIR else { throw ScanError("\(path): a folder, not the \(what)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScanError("\(path): cannot read the \(what): \(String(cString: strerror(access(path, R_OK) == 0 ? EIO : errno)))")
        }
        return data
    }
}

/// Reading files from disk, without following links.
enum Disk {
    /// Files larger than this are skipped: no hand-written source is, and a generated one this
    /// large is not worth scanning.
    static let maximumFileSize = 32 << 20

    /// The bytes of a file, owned (for the project-file parsers).
    static func readBytes(_ absolutePath: String) throws -> [UInt8] { try readBytes(Array(absolutePath.utf8)) }

    static func readBytes(_ absolutePath: [UInt8]) throws -> [UInt8] {
        let buffer = try read(absolutePath)
        return withExtendedLifetime(buffer) { Array(buffer.bytes) }
    }

    static func read(_ absolutePath: String) throws -> SourceBuffer { try read(Array(absolutePath.utf8)) }

    /// A path as the bytes the file system holds (not always UTF-8), NUL-terminated for `body`.
    static func withPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (path + [0]).withUnsafeBufferPointer { p in
            try p.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Only a regular file is read: it is opened without blocking (a FIFO would wait for a
    /// writer forever) and its type checked on the open descriptor, never through a link.
    static func read(_ absolutePath: [UInt8]) throws -> SourceBuffer {
        let fd = withPath(absolutePath) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw ScanError("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ScanError("cannot stat: \(String(cString: strerror(errno)))") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ScanError("not a regular file") }
        let size = Int(st.st_size)
        guard size <= maximumFileSize else { throw ScanError("larger than \(maximumFileSize >> 20) MiB; skipped") }
        return try SourceBuffer(capacity: size) { buffer in
            var done = 0
            while done < size {
                let n = Foundation.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ScanError("cannot read: \(String(cString: strerror(errno)))")
                }
                if n == 0 { break }
                done += n
            }
            return done
        }
    }
}
