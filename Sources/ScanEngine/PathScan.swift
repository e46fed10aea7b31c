import Foundation
import RuleKit
import SourceLexing

/// `fleetscan scan PATH…`: what to scan, relative to which root, with which configuration.
public struct PathScan: Sendable {
    /// The folder paths in findings are relative to, as the user spelt it.
    public var root: String
    public var files: [SourceFile]
    public var projectFiles: [ProjectFile] = []
    public var skipped: Int
    public var diagnostics: [Diagnostic]
    public var configuration: Configuration

    /// Resolves the arguments: one folder is its own root; several paths, or files, share
    /// their common ancestor folder. The root's configuration applies, or the file `configuration`.
    public static func prepare(_ paths: [String], configuration override: String? = nil) throws -> PathScan {
        let paths = paths.isEmpty ? ["."] : paths
        var kinds: [(String, Bool)] = []
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else { throw ScanError("\(path): no such file or folder") }
            let isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            if !isDirectory, Language(path: path) == nil { throw ScanError("\(path): not a Swift or Objective-C source file") }
            kinds.append((normalize(path), isDirectory))
        }
        if kinds.count == 1, kinds[0].1 {
            let root = kinds[0].0
            let configuration = try Configuration.load(root: root, override: override)
            let listing = FileTree.list(root: root, configuration: configuration)
            return PathScan(root: root, files: listing.files, projectFiles: listing.projectFiles, skipped: listing.skipped,
                            diagnostics: listing.diagnostics, configuration: configuration, symlinks: listing.symlinks)
        }
        let root = commonFolder(kinds.map { $0.1 ? $0.0 : parent($0.0) })
        let configuration = try Configuration.load(root: root, override: override)
        var files: [SourceFile] = [], projectFiles: [ProjectFile] = [], skipped = 0, diagnostics: [Diagnostic] = [], symlinks = 0
        var seen = Set<String>()
        for (path, isDirectory) in kinds {
            let prefix = relative(path, to: root)
            if isDirectory {
                let listing = FileTree.list(root: path, configuration: configuration)
                for var f in listing.files {
                    f.path = prefix.isEmpty ? f.path : prefix + "/" + f.path
                    if seen.insert(f.path).inserted { files.append(f) }
                }
                for var f in listing.projectFiles {
                    f.path = prefix.isEmpty ? f.path : prefix + "/" + f.path
                    projectFiles.append(f)
                }
                skipped += listing.skipped
                symlinks += listing.symlinks
                diagnostics += listing.diagnostics
            } else if let language = Language(path: path), seen.insert(prefix).inserted {
                var st = stat()
                let size = lstat(path, &st) == 0 ? Int(st.st_size) : 0
                files.append(SourceFile(path: prefix, language: language, size: size) { try Disk.read(path) })
            }
        }
        files.sort { $0.path.utf8Precedes($1.path) }
        return PathScan(root: root, files: files, projectFiles: projectFiles, skipped: skipped, diagnostics: diagnostics,
                        configuration: configuration, symlinks: symlinks)
    }

    /// Links seen and not followed.
    public var symlinks = 0

    public func run(jobs: Int = Parallel.cores) -> ScanResult {
        var result = TreeScan.run(files: files, projectFiles: projectFiles, skipped: skipped, diagnostics: diagnostics,
                                  configuration: configuration, jobs: jobs)
        result.symlinks = symlinks
        return result
    }

    /// `root/path` for display (`path` alone when the root is `.`).
    public func display(_ path: String) -> String {
        root == "." ? path : root.hasSuffix("/") ? root + path : root + "/" + path
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        while p.hasPrefix("./"), p.count > 2 { p.removeFirst(2) }
        return p.isEmpty ? "." : p
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func commonFolder(_ folders: [String]) -> String {
        let absolute = folders.map { $0.hasPrefix("/") }
        if absolute.contains(true) && absolute.contains(false) {
            let cwd = FileManager.default.currentDirectoryPath
            return commonFolder(folders.map { $0.hasPrefix("/") ? $0 : ($0 == "." ? cwd : cwd + "/" + $0) })
        }
        var common = folders[0].split(separator: "/", omittingEmptySubsequences: false)
        for f in folders.dropFirst() {
            let parts = f.split(separator: "/", omittingEmptySubsequences: false)
            var n = 0
            while n < common.count, n < parts.count, common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        let joined = common.joined(separator: "/")
        if joined.isEmpty { return folders[0].hasPrefix("/") ? "/" : "." }
        return joined
    }

    static func relative(_ path: String, to root: String) -> String {
        if root == "." { return path == "." ? "" : path }
        if path == root { return "" }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
