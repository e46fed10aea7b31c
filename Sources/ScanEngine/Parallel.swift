import Dispatch
import Foundation
import Synchronization
import Locking

/// The one parallel map every stage uses: `jobs` workers pull items from a shared counter,
/// each result lands at its item's index, so the output order is the input order whatever
/// the scheduling. `order` lets big items start first.
public enum Parallel {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, order: [Int]? = nil,
                                                     _ body: @Sendable (T) -> R) -> [R] {
        let count = items.count
        guard count > 0 else { return [] }
        let results = ResultSlots<R>(count: count)
        let next = Atomic<Int>(0)
        let schedule = order ?? Array(0..<count)
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for i in schedule { results.set(i, body(items[i])) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let n = next.add(1, ordering: .relaxed).oldValue
                    if n >= count { return }
                    let i = schedule[n]
                    results.set(i, body(items[i]))
                }
            }
        }
        return results.take()
    }

    /// Items that make more items (folders holding folders): `jobs` workers take items from one
    /// queue and queue what each makes, until the queue is empty and no worker is busy. `map`
    /// cannot take items made on the way without a barrier per generation, where one worker
    /// waits for the other's last folder. Results come in no particular order: callers sort.
    public static func expand<T: Sendable, R: Sendable>(_ roots: [T], jobs: Int, _ body: @Sendable (T) -> (R, [T])) -> [R] {
        let queue = Guarded(ExpandState<T, R>(items: roots))
        @Sendable func work() {
            while true {
                let (item, finished): (T?, Bool) = queue.withLock { q in
                    if let item = q.items.popLast() {
                        q.busy += 1
                        return (item, false)
                    }
                    return (nil, q.busy == 0)
                }
                guard let item else {
                    // Nothing queued while another worker is busy: what it makes comes next.
                    if finished { return }
                    sched_yield()
                    continue
                }
                let (result, more) = body(item)
                queue.withLock { q in
                    q.results.append(result)
                    q.items += more
                    q.busy -= 1
                }
            }
        }
        if max(1, jobs) == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: jobs) { _ in work() } }
        return queue.withLock { $0.results }
    }

    /// The number of cores.
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

/// One value computed on a thread of its own while the caller goes on; `value` waits for it.
/// For work that has to start before the files are known (the prefilter's compile, beside the
/// listing); files themselves always go through `Parallel.map`.
public final class Background<T: Sendable>: Sendable {
    private let result = Guarded<T?>(nil)
    private let done = DispatchSemaphore(value: 0)

    public init(_ body: @escaping @Sendable () -> T) {
        let thread = Thread { [self] in
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    public var value: T {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}

/// `Parallel.expand`'s items to do, the workers busy with one, and what they have made.
private struct ExpandState<T, R> {
    var items: [T]
    var busy = 0
    var results: [R] = []
}

/// Preallocated result slots written by distinct workers at distinct indexes.
///
/// `@unchecked Sendable`: each index is written once, by the one worker given that index;
/// `take()` runs after `concurrentPerform` has returned, when every write has happened.
private final class ResultSlots<R>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<R?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    func set(_ i: Int, _ value: R) { slots[i] = value }

    func take() -> [R] { (0..<count).map { slots[$0]! } }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}
