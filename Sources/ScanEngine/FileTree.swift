import Foundation
import RuleKit
import SourceLexing

/// The source files under a folder: symbolic links are never followed, `.git` and vendored
/// folders are not entered, and the configuration's globs decide the rest.
public enum FileTree {
    public struct Listing: Sendable {
        public var files: [SourceFile]
        /// Xcode projects, property lists, package manifests, storyboards.
        public var projectFiles: [ProjectFile] = []
        /// Source files seen but not scanned (excluded by configuration).
        public var skipped: Int
        public var diagnostics: [Diagnostic]
        /// Entries a git tree holds that are never scanned: links and submodules.
        public var symlinks = 0
        public var submodules = 0
    }

    static let neverEntered: Set<String> = [".git", ".hg", ".svn"]

    /// Lists the source files under `root`. Names are kept as the bytes the folder holds for
    /// opening (a name that is not UTF-8 is still read), and shown with U+FFFD for what is not
    /// UTF-8, as a git tree's names are. Folders are read in parallel, each worker taking the
    /// next folder any has found (reading a folder is a system call per entry: most of a
    /// listing's time); what they list is then put in path order.
    public static func list(root: String, configuration: Configuration, jobs: Int = Parallel.cores) -> Listing {
        var listing = Listing(files: [], projectFiles: [], skipped: 0, diagnostics: [])
        let read = Parallel.expand([Folder(relative: "", absolute: Array(root.utf8))], jobs: jobs) { Self.read($0, configuration: configuration) }
        for part in read {
            listing.files += part.files
            listing.projectFiles += part.projectFiles
            listing.skipped += part.skipped
            listing.diagnostics += part.diagnostics
            listing.symlinks += part.symlinks
        }
        listing.sort()
        listing.diagnostics.sort { $0.path.utf8Precedes($1.path) }
        return listing
    }

    /// A folder to read: its path relative to the root, and as the bytes to open it by.
    struct Folder: Sendable {
        var relative: String
        var absolute: [UInt8]
    }

    /// One folder's files, and the folders in it to read next.
    static func read(_ folder: Folder, configuration: Configuration) -> (Listing, [Folder]) {
        var listing = Listing(files: [], projectFiles: [], skipped: 0, diagnostics: [])
        let (relative, absolute) = (folder.relative, folder.absolute)
        guard let dir = Disk.withPath(absolute, { opendir($0) }) else {
            listing.diagnostics.append(Diagnostic(path: relative.isEmpty ? "." : relative,
                                                  message: "cannot read folder: \(String(cString: strerror(errno)))"))
            return (listing, [])
        }
        var entries: [(name: [UInt8], isDirectory: Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [46] || name == [46, 46] { continue }  // "." and ".."
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var st = stat()
                guard Disk.withPath(absolute + [47] + name, { lstat($0, &st) }) == 0 else { continue }
                let mode = st.st_mode & S_IFMT
                type = mode == S_IFDIR ? UInt8(DT_DIR) : mode == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            if type == UInt8(DT_DIR) { entries.append((name, true)) } else if type == UInt8(DT_REG) { entries.append((name, false)) }
            if type == UInt8(DT_LNK) { listing.symlinks += 1 }
            // Links (and devices, sockets…) are data at most, never followed.
        }
        closedir(dir)
        var folders: [Folder] = []
        for (bytes, isDirectory) in entries {
            // Most files of a tree are neither sources nor project files: told from the name's
            // bytes before any path is made of it.
            if !isDirectory, !mayMatter(bytes) { continue }
            let name = String(decoding: bytes, as: UTF8.self)
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = absolute + [47] + bytes
            if isDirectory {
                if enters(folder: path, name: name, configuration: configuration) { folders.append(Folder(relative: path, absolute: full)) }
                continue
            }
            // No stat here: reading opens the file anyway, and one syscall per file adds up.
            listing.add(path: path, name: name, configuration: configuration,
                        readSource: { try Disk.read(full) }, readBytes: { try Disk.readBytes(full) })
        }
        return (listing, folders)
    }

    /// Whether a file of this name can be a source or a project file (`Language(path:)` or
    /// `ProjectFile.kind(of:)` not nil): true for every name either takes, and a few more.
    static func mayMatter(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = name[(dot + 1)...]
        return extensions.contains { $0.elementsEqual(ext) }
    }

    /// The extensions of sources (`Language`) and project files (`ProjectFile.Kind`: `project.pbxproj`,
    /// `*.podspec.json`, a Cordova `plugin.xml` and the manifests, `Package.swift`, `Project.swift`, among them).
    static let extensions: [[UInt8]] = ["swift", "m", "mm", "h", "hh", "hpp", "pbxproj", "plist", "storyboard", "xcconfig", "yml", "yaml",
                                        "podspec", "json", "xml"].map { Array($0.utf8) }

    /// Whether a folder is walked: never `.git` and the like, and the configuration decides.
    package static func enters(folder path: String, name: String, configuration: Configuration) -> Bool {
        !neverEntered.contains(name) && configuration.entersFolder(path)
    }
}

extension FileTree.Listing {
    /// Files a listing takes, from disk or from git alike: project files (Package.swift is also
    /// a source), sources in the configuration, and excluded sources counted as skipped.
    mutating func add(path: String, name: String, configuration: Configuration,
                      readSource: @escaping @Sendable () throws -> SourceBuffer, readBytes: @escaping @Sendable () throws -> [UInt8],
                      verify: (@Sendable (SourceBuffer) throws -> Void)? = nil) {
        if let kind = ProjectFile.kind(of: path), configuration.includes(file: path) {
            projectFiles.append(ProjectFile(path: path, kind: kind, read: readBytes))
            if kind.isAlsoSource { files.append(SourceFile(path: path, language: .swift, size: 0, read: readSource, verify: verify)) }
        } else if let language = Language(path: name) {
            guard configuration.includes(file: path) else { skipped += 1; return }
            files.append(SourceFile(path: path, language: language, size: 0, read: readSource, verify: verify))
        }
    }

    /// Paths in byte order, so every listing is scanned and reported the same way.
    mutating func sort() {
        files = Self.inPathOrder(files, \.path)
        projectFiles = Self.inPathOrder(projectFiles, \.path)
    }

    /// `items` sorted by the UTF-8 bytes of `path` (ties keep their order). The paths are copied
    /// out once and their indices sorted: sorting the files themselves moved structs of four
    /// closures at every step, 2 ms of a 1,600-file listing on one core while the other waited.
    static func inPathOrder<T>(_ items: [T], _ path: (T) -> String) -> [T] {
        let keys = items.map { ContiguousArray(path($0).utf8) }
        let order = items.indices.sorted { a, b in
            keys[a].withUnsafeBufferPointer { x in
                keys[b].withUnsafeBufferPointer { y in
                    let n = Swift.min(x.count, y.count)
                    let c = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
                    return c != 0 ? c < 0 : x.count != y.count ? x.count < y.count : a < b
                }
            }
        }
        return order.map { items[$0] }
    }
}
