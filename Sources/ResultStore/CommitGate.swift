import Locking

/// Whether this process may still commit: a worker of `fleet run` may not once its coordinator
/// is gone (the run was killed; its rerun redoes the work, and a write after the kill would race
/// it). Every transaction asks right before it commits, and rolls back when told no. Unset (the
/// default) means yes.
public enum CommitGate {
    static let check = Guarded<(@Sendable () -> Bool)?>(nil)

    /// Installs the question; nil removes it.
    public static func install(_ mayCommit: (@Sendable () -> Bool)?) {
        check.withLock { $0 = mayCommit }
    }

    /// Throws when the process may commit no more.
    static func enter(_ context: String) throws {
        guard let mayCommit = check.withLock({ $0 }), !mayCommit() else { return }
        throw StoreError(function: "COMMIT", source: .store, message: "the coordinator of this worker is gone: nothing more is written", context: context)
    }
}
