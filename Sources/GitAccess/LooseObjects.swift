import CLibGit2
import CZlib
import Foundation

/// Loose objects of an untrusted repository, read by fleetscan rather than by libgit2.
///
/// libgit2 1.5's own loose-object reader trusts the header: a header that states fewer bytes
/// than the stream holds overflows its buffer (a heap overflow inside `git_odb_read`), and a
/// truncated stream makes it call `inflate` forever. So every repository fleetscan opens reads
/// through an object database of two backends: libgit2's pack backend for the repository's
/// own `objects/pack`, and this one for its loose objects, which inflates each object with
/// zlib, checks it against its header (type, size, the end of the stream) and hands libgit2
/// only what agrees. `objects/info/alternates` is not read: a scanned repository cannot make
/// fleetscan read another repository on the machine.
enum LooseObjects {
    /// No loose object over this is inflated (its header is read first).
    static let sizeLimit = 256 << 20

    /// What a loose object's header says.
    struct Header: Equatable {
        var type: git_object_t
        var size: Int
    }

    /// A loose object that cannot be read, with why.
    struct Damaged: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    // MARK: The object database

    /// Gives `repository` an object database that reads packs through libgit2 and loose objects
    /// through this reader, with no alternates.
    static func install(into repository: OpaquePointer, location: String) throws {
        guard let common = lib.git_repository_commondir(repository) else {
            throw GitError(function: "git_repository_commondir", code: -1, message: "no repository folder", context: location)
        }
        let objects = String(cString: common) + "objects"
        var odb: OpaquePointer?
        try Git.check(lib.git_odb_new(&odb), "git_odb_new", location)
        defer { lib.git_odb_free(odb) }
        var pack: UnsafeMutablePointer<git_odb_backend>?
        try Git.check(lib.git_odb_backend_pack(&pack, objects), "git_odb_backend_pack", location)
        // A backend added to an object database is owned by it from then on.
        try Git.check(lib.git_odb_add_backend(odb, pack, 2), "git_odb_add_backend", location)
        try Git.check(lib.git_odb_add_backend(odb, makeBackend(objects: objects), 1), "git_odb_add_backend", location)
        try Git.check(lib.git_repository_set_odb(repository, odb), "git_repository_set_odb", location)
    }

    /// The state a backend's callbacks reach through the pointer libgit2 hands them.
    private final class Folder {
        let path: String
        init(path: String) { self.path = path }
    }

    /// The backend struct is followed in memory by an unmanaged reference to its `Folder`.
    private static let folderOffset = (MemoryLayout<git_odb_backend>.stride + 15) & ~15

    private static func folder(of backend: UnsafeMutablePointer<git_odb_backend>?) -> Folder {
        let raw = UnsafeMutableRawPointer(backend!) + folderOffset
        return Unmanaged<Folder>.fromOpaque(raw.load(as: UnsafeRawPointer.self)).takeUnretainedValue()
    }

    private static func makeBackend(objects: String) -> UnsafeMutablePointer<git_odb_backend> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: folderOffset + MemoryLayout<UnsafeRawPointer>.stride, alignment: 16)
        let backend = raw.bindMemory(to: git_odb_backend.self, capacity: 1)
        _ = lib.git_odb_init_backend(backend, UInt32(GIT_ODB_BACKEND_VERSION))
        (raw + folderOffset).storeBytes(of: UnsafeRawPointer(Unmanaged.passRetained(Folder(path: objects)).toOpaque()),
                                        as: UnsafeRawPointer.self)
        backend.pointee.read = { data, length, type, backend, oid in
            guard let oid else { return GIT_ERROR.rawValue }
            return LooseObjects.answer(LooseObjects.folder(of: backend), ObjectID(oid)) { file in
                try LooseObjects.read(file, into: backend, data: data, length: length, type: type)
            }
        }
        backend.pointee.read_header = { length, type, backend, oid in
            guard let oid else { return GIT_ERROR.rawValue }
            return LooseObjects.answer(LooseObjects.folder(of: backend), ObjectID(oid)) { file in
                let header = try LooseObjects.inflateHeader(file)
                length?.pointee = header.size
                type?.pointee = header.type
            }
        }
        backend.pointee.read_prefix = { found, data, length, type, backend, short, digits in
            guard let short else { return GIT_ERROR.rawValue }
            let folder = LooseObjects.folder(of: backend)
            switch LooseObjects.match(folder, prefix: ObjectID(short).hex.prefix(Int(digits))) {
            case .none: return GIT_ENOTFOUND.rawValue
            case .many: return LooseObjects.ambiguous()
            case .one(let id):
                found?.pointee = id.raw
                return LooseObjects.answer(folder, id) { file in try LooseObjects.read(file, into: backend, data: data, length: length, type: type) }
            }
        }
        backend.pointee.exists = { backend, oid in
            guard let oid else { return 0 }
            return LooseObjects.isRegularFile(LooseObjects.path(LooseObjects.folder(of: backend), ObjectID(oid))) ? 1 : 0
        }
        backend.pointee.exists_prefix = { found, backend, short, digits in
            guard let short else { return GIT_ERROR.rawValue }
            switch LooseObjects.match(LooseObjects.folder(of: backend), prefix: ObjectID(short).hex.prefix(Int(digits))) {
            case .none: return GIT_ENOTFOUND.rawValue
            case .many: return LooseObjects.ambiguous()
            case .one(let id):
                found?.pointee = id.raw
                return 0
            }
        }
        backend.pointee.free = { backend in
            guard let backend else { return }
            let raw = UnsafeMutableRawPointer(backend)
            Unmanaged<Folder>.fromOpaque((raw + LooseObjects.folderOffset).load(as: UnsafeRawPointer.self)).release()
            raw.deallocate()
        }
        return backend
    }

    /// Runs `body` on the object's file: 0, `GIT_ENOTFOUND` when it is not a loose object here,
    /// or an error whose message libgit2 passes on to the caller.
    private static func answer(_ folder: Folder, _ id: ObjectID, _ body: ([UInt8]) throws -> Void) -> Int32 {
        do {
            guard let file = try contents(path(folder, id)) else { return GIT_ENOTFOUND.rawValue }
            try body(file)
            return 0
        } catch {
            _ = lib.git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "loose object is damaged: \(error)")
            return GIT_ERROR.rawValue
        }
    }

    private static func ambiguous() -> Int32 {
        _ = lib.git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "ambiguous short object id")
        return GIT_EAMBIGUOUS.rawValue
    }

    private static func read(_ file: [UInt8], into backend: UnsafeMutablePointer<git_odb_backend>?,
                             data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, length: UnsafeMutablePointer<Int>?,
                             type: UnsafeMutablePointer<git_object_t>?) throws {
        var buffer: UnsafeMutableRawPointer?
        let header = try inflate(file) { size in
            buffer = lib.git_odb_backend_data_alloc(backend, size + 1)
            return buffer
        }
        data?.pointee = buffer
        length?.pointee = header.size
        type?.pointee = header.type
    }

    private static func path(_ folder: Folder, _ id: ObjectID) -> String {
        let hex = id.hex
        return folder.path + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    private enum Match { case none, one(ObjectID), many }

    /// The loose object whose id starts with `prefix` (hex digits).
    private static func match(_ folder: Folder, prefix: Substring) -> Match {
        guard prefix.count >= 2, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + prefix.prefix(2)) else {
            return .none
        }
        let rest = prefix.dropFirst(2)
        var found: ObjectID?
        for name in names where name.utf8.count == 38 && name.hasPrefix(rest) {
            guard let id = ObjectID(hex: String(prefix.prefix(2)) + name) else { continue }
            if found != nil, found != id { return .many }
            found = id
        }
        return found.map { .one($0) } ?? .none
    }

    // MARK: Reading and checking

    /// The file's bytes, nil when there is no such file; only a regular file is read, never
    /// followed through a link, and never one over the size limit.
    static func contents(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Damaged(reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw Damaged(reason: "not a regular file") }
        let size = Int(st.st_size)
        guard size <= sizeLimit else { throw Damaged(reason: "its file is over \(sizeLimit >> 20) MiB") }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Damaged(reason: "cannot read its file") }
            done += n
        }
        return bytes
    }

    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// The header alone: only its first bytes are inflated.
    static func inflateHeader(_ file: [UInt8]) throws -> Header {
        try withStream(file) { stream in try header(stream).header }
    }

    /// Inflates a loose object's file whole: its header is parsed, `allocate(size)` gives room
    /// for the body (at least `size` bytes), and the body must fill it exactly and end the stream.
    @discardableResult
    static func inflate(_ file: [UInt8], limit: Int = sizeLimit, allocate: (Int) -> UnsafeMutableRawPointer?) throws -> Header {
        try withStream(file) { stream in
            let (header, early, endedEarly) = try header(stream)
            guard header.size <= limit else { throw Damaged(reason: "its header states \(header.size) bytes, over the \(limit >> 20) MiB limit") }
            guard early.count <= header.size else { throw lie(header) }
            guard let body = allocate(header.size) else { throw Damaged(reason: "out of memory") }
            early.withUnsafeBytes { if !$0.isEmpty { body.copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
            var filled = early.count
            var ended = endedEarly
            while filled < header.size {
                stream.pointee.next_out = (body + filled).assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = UInt32(min(header.size - filled, Int(UInt32.max)))
                let before = stream.pointee.avail_out
                let code = CZlib.inflate(stream, Z_NO_FLUSH)
                filled += Int(before - stream.pointee.avail_out)
                if code == Z_STREAM_END { ended = true; break }
                try progress(code, produced: before != stream.pointee.avail_out, stream)
            }
            if ended, filled < header.size {
                throw Damaged(reason: "its header states \(header.size) bytes, its stream holds \(filled)")
            }
            if !ended {
                // The body is complete: the stream must end here, with no byte more.
                var spare: UInt8 = 0
                while true {
                    let code = withUnsafeMutablePointer(to: &spare) { p -> Int32 in
                        stream.pointee.next_out = p
                        stream.pointee.avail_out = 1
                        return CZlib.inflate(stream, Z_NO_FLUSH)
                    }
                    if stream.pointee.avail_out == 0 { throw lie(header) }
                    if code == Z_STREAM_END { break }
                    try progress(code, produced: false, stream)
                }
            }
            (body + header.size).storeBytes(of: 0, as: UInt8.self)
            return header
        }
    }

    private static func lie(_ header: Header) -> Damaged {
        Damaged(reason: "its header states \(header.size) bytes, its stream holds more")
    }

    /// Throws unless an `inflate` call that returned `code` moved on; a call that neither
    /// consumed input nor produced output would be repeated forever.
    private static func progress(_ code: Int32, produced: Bool, _ stream: UnsafeMutablePointer<z_stream>) throws {
        switch code {
        case Z_OK: return
        case Z_BUF_ERROR where stream.pointee.avail_in == 0: throw Damaged(reason: "its stream is truncated")
        case Z_BUF_ERROR where produced: return
        case Z_DATA_ERROR, Z_NEED_DICT: throw Damaged(reason: "its stream is corrupt")
        case Z_MEM_ERROR: throw Damaged(reason: "out of memory")
        default: throw Damaged(reason: "zlib error \(code)")
        }
    }

    private static func withStream<R>(_ file: [UInt8], _ body: (UnsafeMutablePointer<z_stream>) throws -> R) throws -> R {
        try file.withUnsafeBufferPointer { input in
            var stream = z_stream()
            guard fleetscan_inflate_init(&stream) == Z_OK else { throw Damaged(reason: "zlib cannot start") }
            defer { inflateEnd(&stream) }
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            return try withUnsafeMutablePointer(to: &stream) { try body($0) }
        }
    }

    /// Inflates up to the header's terminating NUL: the header, and any body bytes inflated with it.
    private static func header(_ stream: UnsafeMutablePointer<z_stream>) throws -> (header: Header, body: [UInt8], ended: Bool) {
        var out = [UInt8](repeating: 0, count: 64)
        var filled = 0
        var ended = false
        while filled < out.count, !out[..<filled].contains(0), !ended {
            let before = out.count - filled
            let code = out.withUnsafeMutableBufferPointer { p -> Int32 in
                stream.pointee.next_out = p.baseAddress! + filled
                stream.pointee.avail_out = UInt32(before)
                return CZlib.inflate(stream, Z_NO_FLUSH)
            }
            let produced = before - Int(stream.pointee.avail_out)
            filled += produced
            if code == Z_STREAM_END { ended = true } else { try progress(code, produced: produced > 0, stream) }
        }
        guard let nul = out[..<filled].firstIndex(of: 0), let space = out[..<nul].firstIndex(of: UInt8(ascii: " ")) else {
            throw Damaged(reason: "its header is malformed")
        }
        let type: git_object_t
        switch String(decoding: out[..<space], as: UTF8.self) {
        case "commit": type = GIT_OBJECT_COMMIT
        case "tree": type = GIT_OBJECT_TREE
        case "blob": type = GIT_OBJECT_BLOB
        case "tag": type = GIT_OBJECT_TAG
        default: throw Damaged(reason: "its header names no object type")
        }
        let digits = out[(space + 1)..<nul]
        var size = 0
        guard !digits.isEmpty, digits.count <= 18 else { throw Damaged(reason: "its header's size is malformed") }
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { throw Damaged(reason: "its header's size is malformed") }
            size = size * 10 + Int(d - UInt8(ascii: "0"))
        }
        let body = Array(out[(nul + 1)..<filled])
        if ended, body.count < size { throw Damaged(reason: "its header states \(size) bytes, its stream holds \(body.count)") }
        return (Header(type: type, size: size), body, ended)
    }
}
