import Foundation
import Synchronization

/// State behind one `Mutex`, with the lock's hand-over told to ThreadSanitizer: the one way
/// fleetscan guards state threads share.
///
/// On Linux a contended `Synchronization.Mutex` is handed to the next thread by the kernel (a
/// priority-inheritance futex writes the new owner) inside the precompiled toolchain library,
/// so no instrumented atomic shows ThreadSanitizer the order, and it reports every contended
/// update as a race (reproduced with four threads on one `Mutex`, 3–4 reports per run; none
/// with these hints; CI reported `CommitGate`'s plain `Mutex` on 2026-12-06). Inside the lock,
/// `__tsan_acquire` and `__tsan_release` on this object's address state the order. They are
/// looked up once at run time: in a build without the sanitizer they are absent and nothing is
/// called.
public final class Guarded<State>: Sendable {
    private let mutex: Mutex<State>

    public init(_ state: sending State) { mutex = Mutex(state) }

    public func withLock<R>(_ body: (inout sending State) throws -> sending R) rethrows -> sending R {
        let me = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { state in
            SanitizerHooks.acquire?(me)
            defer { SanitizerHooks.release?(me) }
            return try body(&state)
        }
    }
}

private enum SanitizerHooks {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void
    static let acquire = lookup("__tsan_acquire")
    static let release = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Hook? {
        dlsym(nil, name).map { unsafeBitCast($0, to: Hook.self) }  // nil handle: RTLD_DEFAULT
    }
}
