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
    /// their common ancestor folder (a project.pbxproj's is the folder holding its
    /// `.xcodeproj`). A file may be a source or a project file (an Info.plist, a project.pbxproj,
    /// Package.swift, an XcodeGen spec); named files are scanned whatever the configuration's
    /// `include` and `exclude` say. The root's configuration applies, or the file `configuration`.
    /// Nothing to scan is an error, as SwiftLint's "No lintable files found" is.
    public static func prepare(_ paths: [String], configuration override: String? = nil) throws -> PathScan {
        LiteralPrefilter.prepare()  // compiled while the files are listed
        let paths = paths.isEmpty ? ["."] : paths
        var kinds: [(String, Bool)] = []
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else { throw ScanError("\(path): no such file or folder") }
            let isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
            if !isDirectory, Language(path: path) == nil, ProjectFile.kind(of: path) == nil {
                throw ScanError("\(path): not a Swift or Objective-C source or a project file (Info.plist, project.pbxproj, Package.swift, project.yml, .xcconfig)")
            }
            kinds.append((normalize(path), isDirectory))
        }
        var scan: PathScan
        if kinds.count == 1, kinds[0].1 {
            let root = kinds[0].0
            let configuration = try Configuration.load(root: root, override: override)
            let listing = FileTree.list(root: root, configuration: configuration)
            scan = PathScan(root: root, files: listing.files, projectFiles: listing.projectFiles, skipped: listing.skipped,
                            diagnostics: listing.diagnostics, configuration: configuration, symlinks: listing.symlinks)
        } else {
            let root = commonFolder(kinds.map { $0.1 ? $0.0 : folder(of: $0.0) })
            let configuration = try Configuration.load(root: root, override: override)
            scan = PathScan(root: root, files: [], skipped: 0, diagnostics: [], configuration: configuration)
            var seen = Set<String>(), seenProjectFiles = Set<String>()
            for (path, isDirectory) in kinds {
                let prefix = relative(path, to: root)
                if isDirectory {
                    let listing = FileTree.list(root: path, configuration: configuration)
                    for var f in listing.files {
                        f.path = prefix.isEmpty ? f.path : prefix + "/" + f.path
                        if seen.insert(f.path).inserted { scan.files.append(f) }
                    }
                    for var f in listing.projectFiles {
                        f.path = prefix.isEmpty ? f.path : prefix + "/" + f.path
                        if seenProjectFiles.insert(f.path).inserted { scan.projectFiles.append(f) }
                    }
                    scan.skipped += listing.skipped
                    scan.symlinks += listing.symlinks
                    scan.diagnostics += listing.diagnostics
                    continue
                }
                let kind = ProjectFile.kind(of: path)
                if let kind, seenProjectFiles.insert(prefix).inserted {
                    scan.projectFiles.append(ProjectFile(path: prefix, kind: kind) { try Disk.readBytes(path) })
                }
                if let language = Language(path: path), kind?.isAlsoSource ?? true, seen.insert(prefix).inserted {
                    var st = stat()
                    let size = lstat(path, &st) == 0 ? Int(st.st_size) : 0
                    scan.files.append(SourceFile(path: prefix, language: language, size: size) { try Disk.read(path) })
                }
            }
            scan.files.sort { $0.path.utf8Precedes($1.path) }
            scan.projectFiles.sort { $0.path.utf8Precedes($1.path) }
        }
        if scan.files.isEmpty, scan.projectFiles.isEmpty {
            let named = paths.count == 1 ? paths[0] : scan.root
            let include = scan.configuration.include.map(\.pattern)
            if !include.isEmpty {
                throw ScanError("no file under \(named) matches the configuration's include (\(include.joined(separator: ", ")))")
            }
            if scan.skipped > 0 {
                throw ScanError("every Swift and Objective-C file under \(named) is excluded by the configuration (\(scan.skipped) left out)")
            }
            throw ScanError("no Swift, Objective-C or Xcode project files under \(named)")
        }
        return scan
    }

    /// The folder a named file is scanned in: its own, or for a project.pbxproj the folder
    /// holding its `.xcodeproj` (where the project's paths start).
    static func folder(of file: String) -> String {
        ProjectFile.kind(of: file) == .xcodeProject ? parent(parent(file)) : parent(file)
    }

    /// Links seen and not followed.
    public var symlinks = 0

    public func run(jobs: Int = Parallel.cores, prefilter: PrefilterMode = .environment) -> ScanResult {
        var result = TreeScan.run(files: files, projectFiles: projectFiles, skipped: skipped, diagnostics: diagnostics,
                                  configuration: configuration, jobs: jobs, prefilter: prefilter)
        result.symlinks = symlinks
        return result
    }

    /// Where the scanned root is in the repository that holds it, as a prefix for its paths
    /// ("Fixtures/SampleApp/", or "" at the top): CI systems resolve a finding's path from the
    /// top of the checkout, not from the folder that was scanned. The repository is the git work
    /// tree holding the root (the nearest folder above it with a `.git`); outside one, paths are
    /// given from the working directory, as the xcode format prints them.
    public func repositoryPrefix(workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let absolute = root.hasPrefix("/") ? root : workingDirectory + "/" + root
        guard let real = realpath(absolute, nil) else { return display("") }
        let resolved = String(cString: real)
        free(real)
        var top = resolved
        while true {
            var st = stat()
            if lstat(top + "/.git", &st) == 0 {
                let inside = resolved == top ? "" : String(resolved.dropFirst(top == "/" ? 1 : top.count + 1))
                return inside.isEmpty ? "" : inside + "/"
            }
            guard top != "/", !top.isEmpty else { break }
            top = Self.parent(top)
        }
        return display("")
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
