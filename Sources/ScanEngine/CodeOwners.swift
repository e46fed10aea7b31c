import Foundation
import GitAccess
import RuleKit

/// Who owns a path, read from a repository's CODEOWNERS file as GitHub reads it: one pattern
/// and its owners per line, `#` comments, the last matching line wins, a line with a pattern
/// and no owners leaves its files unowned. Patterns are gitignore-style (GitHub's "About code
/// owners"): `*` and `?` within a component, `**` across components, a leading or inner `/`
/// anchors at the root, a trailing `/` means a folder and everything in it, a pattern without
/// a slash matches at any depth, and `docs/*` owns the files directly in `docs/` only. The
/// gitignore forms GitHub documents as not working (`!` negation, `[ ]` ranges, `\#`) make the
/// line invalid: it is skipped and reported, as GitHub skips it.
public struct CodeOwners: Sendable, Equatable {
    /// Where GitHub looks, in its order; the first present is the one used.
    public static let locations = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]
    /// GitHub ignores a CODEOWNERS file of 3 MB or more.
    public static let sizeLimit = 3 * 1024 * 1024

    public struct Rule: Sendable, Equatable {
        public var pattern: String
        public var owners: [String]
        /// 1-based line in the file.
        public var line: Int
        let segments: [Substring]
        let anchored: Bool
        let folderOnly: Bool
        /// `docs/*`: the folder's own files, not its subfolders'.
        let filesOnly: Bool
    }

    /// The file's path in the repository (`.github/CODEOWNERS`).
    public var path: String
    public var rules: [Rule] = []
    /// Lines skipped, each naming the file and line.
    public var problems: [Diagnostic] = []

    public init(path: String, text: String) {
        self.path = path
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let content = Self.stripComment(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            func skip(_ why: String) { problems.append(Diagnostic(path: path, message: "line \(line): \(why); the line is skipped")) }
            let pattern = String(first)
            if pattern.hasPrefix("!") { skip("'\(pattern)': negation (!) does not work in CODEOWNERS"); continue }
            if pattern.contains("[") || pattern.contains("]") { skip("'\(pattern)': character ranges ([ ]) do not work in CODEOWNERS"); continue }
            if pattern.hasPrefix("\\#") { skip("'\(pattern)': an escaped # does not work in CODEOWNERS"); continue }
            let owners = words.dropFirst().map(String.init)
            if let bad = owners.first(where: { !Self.isOwner($0) }) {
                skip("'\(bad)' is not an owner (an owner is @user, @org/team or an email address)")
                continue
            }
            rules.append(Self.rule(pattern, owners: owners, line: line))
        }
    }

    /// What a reader found at one of `locations`.
    public enum Found {
        case text([UInt8])
        /// A file of this many bytes, too large to be read.
        case tooLarge(Int)
    }

    /// The file at the first of `locations` that `read` finds (nil when there is none), with a
    /// problem when it is too large or not UTF-8 text.
    public static func find(read: (String) -> Found?) -> CodeOwners? {
        for location in locations {
            guard let found = read(location) else { continue }
            var empty = CodeOwners(path: location, text: "")
            switch found {
            case .tooLarge(let size):
                empty.problems.append(Diagnostic(path: location, message: "\(size) bytes: GitHub ignores a CODEOWNERS file of 3 MB or more; not read"))
                return empty
            case .text(let bytes):
                if bytes.count >= sizeLimit { return find { $0 == location ? .tooLarge(bytes.count) : nil } }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    empty.problems.append(Diagnostic(path: location, message: "not UTF-8 text; not read"))
                    return empty
                }
                return CodeOwners(path: location, text: text)
            }
        }
        return nil
    }

    /// The CODEOWNERS file of a git tree (a link at its place is not followed: nothing is read).
    public static func find(in repo: GitRepository, tree: ObjectID) -> CodeOwners? {
        find { location in
            guard let entry = try? repo.entry(path: location, in: tree), entry.kind == .file || entry.kind == .executable else { return nil }
            if let size = try? repo.size(of: entry.id), size >= sizeLimit { return .tooLarge(size) }
            return (try? repo.blob(entry.id, limit: sizeLimit)).map(Found.text)
        }
    }

    /// The owners of the file at `path` (relative, `/`-separated): nil when no line matches,
    /// empty when the last matching line names no owner.
    public func owners(of path: String) -> [String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        for rule in rules.reversed() where Self.matches(rule, parts) { return rule.owners }
        return nil
    }

    static func stripComment(_ line: Substring) -> Substring {
        // A comment starts a line or follows whitespace; a # inside a pattern or address is kept.
        var previous: Character = " "
        for i in line.indices {
            if line[i] == "#", previous == " " || previous == "\t" { return line[..<i] }
            previous = line[i]
        }
        return line
    }

    /// `@user`, `@org/team`, or an email address.
    public static func isOwner(_ word: String) -> Bool {
        let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        if word.hasPrefix("@") {
            let parts = word.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(nameCharacters.contains) }
        }
        let halves = word.split(separator: "@", omittingEmptySubsequences: false)
        return halves.count == 2 && !halves[0].isEmpty && halves[1].contains(".") && !halves[1].hasPrefix(".") && !halves[1].hasSuffix(".")
    }

    static func rule(_ pattern: String, owners: [String], line: Int) -> Rule {
        var p = Substring(pattern)
        let rooted = p.hasPrefix("/")
        while p.hasPrefix("/") { p.removeFirst() }
        let folderOnly = p.hasSuffix("/")
        while p.hasSuffix("/") { p.removeLast() }
        let segments = p.split(separator: "/", omittingEmptySubsequences: true)
        return Rule(pattern: pattern, owners: owners, line: line, segments: segments, anchored: rooted || segments.count > 1,
                    folderOnly: folderOnly, filesOnly: segments.count > 1 && segments.last == "*")
    }

    /// Whether `rule` matches the file `parts`: the pattern matches the whole path, or (unless
    /// `docs/*`) one of its folders, whose files it then owns.
    static func matches(_ rule: Rule, _ parts: [Substring]) -> Bool {
        guard !parts.isEmpty else { return false }
        if rule.segments.isEmpty { return rule.anchored || rule.folderOnly }  // "/" alone: the whole repository
        if !rule.anchored {
            let only = Array(rule.segments[0].utf8)[...]
            for (i, part) in parts.enumerated() {
                let isFile = i == parts.count - 1
                if isFile && rule.folderOnly { continue }
                if Glob.matchComponent(only, Array(part.utf8)[...]) { return true }
            }
            return false
        }
        for k in 1...parts.count {
            let isFile = k == parts.count
            if isFile ? rule.folderOnly : rule.filesOnly { continue }
            if Glob.match(rule.segments[...], parts[0..<k]) { return true }
        }
        return false
    }
}
