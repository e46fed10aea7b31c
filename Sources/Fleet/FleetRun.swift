import Foundation
import GitAccess
import History
import ResultStore
import RuleKit
import ScanEngine

/// Which part of the fleet a process takes: repositories are assigned by a stable hash of their
/// name, so every process of an N-way run agrees without talking to the others.
/// `fleetscan fleet run`: brings every repository of the manifest (of this shard) up to date
/// in its bare mirror under the cache — a bounded number of fetches at once, running ahead of
/// the scans — then walks each one's new commits with `HistoryScan`, which spreads the files of
/// a repository over every core. A repository that fails (unreachable, corrupt, bad
/// configuration at its head, a problem in its manifest entry) is recorded with its reason and
/// the run goes on. Everything is written in transactions as it goes: a killed run loses at most
/// a chunk of commits, which the next run redoes.
public enum FleetRun {
    public static func run(manifest: FleetManifest, store: any Store, options: FleetOptions, environment: [String: String],
                           events: @escaping (FleetEvent) -> Void = { _ in }) throws -> FleetOutcome {
        let started = Date()
        let entries = manifest.repositories.filter { options.shard.contains($0.name) }
        try FileManager.default.createDirectory(atPath: options.cache, withIntermediateDirectories: true)
        let lock = try CacheLock(folder: options.cache, shard: options.shard)
        defer { lock.release() }
        let credentials = entries.map { manifest.credential(for: $0, environment) }

        let run = try store.beginRun(started: options.now, shard: options.shard.description, since: options.since,
                                     deadline: manifest.deadline)
        var registered: [String: Int64] = [:]
        for e in entries {
            let id = try store.repository(name: e.name, url: e.displayURL)
            try store.setSettings(repository: id, e.settings)
            registered[e.name] = id
        }
        let ids = registered

        // Writing to a worker that died is an error to handle, not a signal that ends the run.
        if options.isolation != nil { signal(SIGPIPE, SIG_IGN) }
        let fetches = Fetches(entries: entries, cache: options.cache, credentials: credentials, transfers: options.transfers,
                              isolation: options.isolation)
        fetches.start()
        defer { fetches.finish() }  // before the lock is released (defers run in reverse)

        // Lanes: repositories scanned at once, each lane with its own store connections. Every
        // lane's files go to the same Dispatch pool, so one huge repository still takes every core
        // while small ones keep the cores busy between their per-commit steps.
        let lanes = max(1, min(options.lanes, entries.count))
        let connections: [(any Store, any Store)] = try (0..<lanes).map { _ in
            let reader = try store.anotherConnection()
            return (reader, try reader.anotherConnection())
        }
        let state = LaneState(entries.count, progress: FleetProgress(repositories: entries.count, fetched: 0, finished: 0, failed: 0,
                                                                      filesScanned: 0, findings: 0, elapsed: 0))
        let work = LaneWork(entries: entries, ids: ids, connections: connections, fetches: fetches, state: state, options: options,
                            run: run, started: started, events: events)
        let group = DispatchGroup()
        for lane in 0..<lanes {
            group.enter()
            let thread = Thread {
                work.run(lane: lane)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let error = state.error { throw error }
        try store.finishRun(run, finished: Int64(Date().timeIntervalSince1970))
        state.update(events) { p in
            p.current = nil
            p.fetched = fetches.done
            p.elapsed = Date().timeIntervalSince(started)
        }
        return FleetOutcome(run: run, results: state.results.map { $0! }, seconds: Date().timeIntervalSince(started))
    }

    /// Walks one repository's new commits and reads its head's numbers back from the store.
    public static func scan(_ entry: FleetManifest.Entry, folder: String, mirror: GitRepository, repository: Int64, store: any Store,
                     writer: any Store, options: FleetOptions,
                     progress: @escaping (HistoryProgress) -> Void) throws -> FleetRepositoryResult {
        var result = FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .failed))
        let revision = entry.branch.map { "refs/heads/" + $0 } ?? "HEAD"
        do {
            let pool = RepositoryPool(path: folder, first: mirror)
            if let unchanged = try unchanged(entry, pool: pool, revision: revision, repository: repository, store: store) { return unchanged }
            let outcome = try HistoryScan.run(pool: pool, name: entry.name, url: entry.displayURL, store: store, writer: writer,
                                              options: HistoryOptions(revision: revision, since: options.since,
                                                                      maxCommits: options.maxCommits, jobs: options.jobs, includeStateAtSince: true),
                                              progress: progress)
            result.commits = outcome.chain.count
            result.blobsScanned = outcome.blobsScanned
            result.record.head = outcome.head
            result.record.scanned = outcome.scanned
            result.record.alreadyStored = outcome.alreadyStored
            result.record.failedCommits = outcome.failed
            guard let head = try store.commits(RulesetKey(repository: repository, ruleset: Ruleset.fingerprint), ids: [outcome.head]).first else {
                // Cannot happen (the head is always walked), but a result must say something.
                result.record.reason = "its head \(outcome.head.prefix(10)) was not stored"
                return result
            }
            result.stage = head.stage
            // What the run reports counts app and library code; examples and tests are apart.
            result.severities = head.counted
            if let error = head.error {
                result.record.reason = "its head \(head.commit.prefix(10)) cannot be scanned: \(error)"
                return result
            }
            result.record.status = .ok
            // A run killed between the last chunk and the head's file counts and target stages left
            // none: count them now.
            // (And a store written before head findings were kept has none.)
            if try !hasHeadNumbers(store, repository: repository, commit: head.commit) {
                let tree = try GitScan.prepare(pool: pool, repository: entry.displayURL, revision: head.commit)
                let scanned = tree.run(jobs: options.jobs)
                var counts: [String: Int] = [:]
                for f in scanned.findings { counts[f.path, default: 0] += 1 }
                let key = CommitKey(repository: repository, commit: head.commit, ruleset: Ruleset.fingerprint)
                try store.setFileCounts(key, files: counts.map { FileCount(path: $0.key, count: $0.value) }.sorted { $0.path < $1.path })
                try store.setTargetStages(key, targets: scanned.targets.map(\.record))
                let owners = try pool.with { repo in CodeOwners.find(in: repo, tree: try repo.commit(try repo.resolveCommit(head.commit)).tree) }
                try store.setHeadWork(key, work: HeadWork(scanned.findings, codeOwners: owners))
            }
        } catch let e as StoreError {
            throw e  // the store, not the repository, failed: the run cannot go on
        } catch let e as GitError {
            result.record.reason = Mirror.redact(e.description)
        } catch let e as ScanError {
            result.record.reason = Mirror.redact(e.message)
        } catch {
            result.record.reason = Mirror.redact("\(error)")
        }
        return result
    }
}

extension FleetRun {
    /// The result of a repository whose branch still points where the last run left it, read
    /// from the store without walking anything: the nightly case for most of a fleet.
    static func unchanged(_ entry: FleetManifest.Entry, pool: RepositoryPool, revision: String, repository: Int64,
                          store: any Store) throws -> FleetRepositoryResult? {
        let head = try pool.with { try $0.resolveCommit(revision) }.hex
        guard try store.reference(repository: repository, name: revision) == head,
              let record = try store.commits(RulesetKey(repository: repository, ruleset: Ruleset.fingerprint), ids: [head]).first,
              record.error == nil, try hasHeadNumbers(store, repository: repository, commit: head) else { return nil }
        var result = FleetRepositoryResult(record: RunRepositoryRecord(repository: entry.name, status: .ok, head: head))
        result.stage = record.stage
        result.severities = record.counted
        result.upToDate = true
        return result
    }


    /// Whether the store has everything reports read at a head: findings per file, each target's
    /// stage, the findings with their owners.
    static func hasHeadNumbers(_ store: any Store, repository: Int64, commit: String) throws -> Bool {
        let key = CommitKey(repository: repository, commit: commit, ruleset: Ruleset.fingerprint)
        return try store.fileCounts(key) != nil && store.targetStages(key) != nil && store.headWork(key) != nil
    }
}
