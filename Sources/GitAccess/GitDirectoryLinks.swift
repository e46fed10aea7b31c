import Foundation

/// A repository fleetscan reads is untrusted: a symbolic link in its git directory that leads out
/// of it (`objects -> ../secret.git/objects`) would have libgit2 read — and a mirror copy — another
/// repository's objects, refs or configuration. Before libgit2 opens a repository, every link in
/// the parts git reads (`objects`, `refs`, `packed-refs`, `HEAD`, `info`, `config`, `shallow`,
/// and `.git` itself in a working tree) is resolved, and one that leaves the git directory (or
/// leads nowhere) is refused, named. Links that stay inside are git's own business.
enum GitDirectoryLinks {
    static let parts = ["objects", "refs", "packed-refs", "HEAD", "info", "config", "shallow"]

    /// Throws for the first link under `path`'s git directory that leaves it.
    static func check(_ path: String) throws {
        var gitDirectory = path
        let dotGit = path + "/.git"
        var st = stat()
        if lstat(dotGit, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFLNK {
                try refuse(dotGit, in: path)
                gitDirectory = dotGit
            } else if type == S_IFDIR {
                gitDirectory = dotGit
            }
            // A `.git` file (`gitdir: …`, a submodule's or worktree's) is git's own indirection: its
            // target's parts are checked as libgit2 would open them.
            else if type == S_IFREG, let text = try? String(contentsOfFile: dotGit, encoding: .utf8),
                    let line = text.split(separator: "\n").first, line.hasPrefix("gitdir:") {
                let target = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
                gitDirectory = target.hasPrefix("/") ? target : path + "/" + target
            }
        }
        guard let root = realPath(gitDirectory) else { return }
        for part in parts { try walk(gitDirectory + "/" + part, root: root, depth: 0) }
    }

    static func walk(_ path: String, root: String, depth: Int) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            try refuse(path, in: root)
        case S_IFDIR where depth < 8:
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for entry in entries { try walk(path + "/" + entry, root: root, depth: depth + 1) }
        default:
            break
        }
    }

    /// Throws unless the link at `link` resolves to a place inside `root`.
    static func refuse(_ link: String, in root: String) throws {
        let inside = realPath(root).map { r in realPath(link).map { $0 == r || $0.hasPrefix(r + "/") } ?? false } ?? false
        guard !inside else { return }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? "?"
        throw GitError(function: "open", code: -1,
                       message: "a symbolic link to \(target), outside the repository: fleetscan does not follow links out of a repository",
                       context: link)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
