import Foundation

/// Repository handles for a pool of workers: each call borrows a handle no other thread is
/// using, so libgit2 objects are never used by two threads at once, and at most as many
/// handles are opened as there are concurrent callers.
///
/// `@unchecked Sendable`: `idle` is read and written only while holding `lock`; a handle is
/// either in `idle` or borrowed by exactly one caller, never both.
public final class RepositoryPool: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var idle: [GitRepository] = []

    /// A pool over the repository at `path`; `first`, if given, is the first idle handle.
    public init(path: String, first: GitRepository? = nil) {
        self.path = path
        if let first { idle.append(first) }
    }

    /// Runs `body` with a handle of its own.
    public func with<R>(_ body: (GitRepository) throws -> R) throws -> R {
        lock.lock()
        let borrowed = idle.popLast()
        lock.unlock()
        let repo = try borrowed ?? GitRepository.open(path)
        defer {
            lock.lock()
            idle.append(repo)
            lock.unlock()
        }
        return try body(repo)
    }
}
