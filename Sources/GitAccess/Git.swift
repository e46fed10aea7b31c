// GitAccess exists so that the rest of fleetscan reads git objects without a checkout and
// without a `git` subprocess. It is the only module that imports libgit2: handles are owned
// by final classes that free them, errors carry libgit2's own message, and the public API is
// Swift values (ObjectID, paths, bytes), never a C pointer.
import CLibGit2
import Foundation

/// An error from libgit2: which function failed, its code, and libgit2's message (read on the
/// failing thread, where libgit2 keeps it), with what was being done.
public struct GitError: Error, Sendable, CustomStringConvertible, Equatable {
    public var function: String
    public var code: Int32
    public var message: String
    /// The repository, revision or path the call was about.
    public var context: String

    public init(function: String, code: Int32, message: String, context: String) {
        self.function = function
        self.code = code
        self.message = message
        self.context = context
    }

    /// libgit2 reported that the object, reference or revision does not exist.
    public var isNotFound: Bool { code == GIT_ENOTFOUND.rawValue }

    public var description: String {
        context.isEmpty ? message : "\(context): \(message)"
    }
}

/// libgit2, initialised once per process.
public enum Git {
    /// Pack files one process keeps open at once: a fleet run opens hundreds of repositories.
    public static let packFileLimit = 128
    /// Bytes of a pack file one window maps, and bytes of pack files mapped at once (a fleet
    /// worker sets its own limit: `limitMappedPacks`).
    public static let packWindowSize = 32 << 20
    public static let mappedPackLimit = 96 << 20
    /// Bytes libgit2's object cache holds, by its own count: the raw objects. The trees parsed
    /// from them take about as much again outside that count (massif, duckduckgo/iOS's history:
    /// 61 MB of heap for 32 MiB); a history's diffs read again only recent trees.
    public static let objectCacheSize = 8 << 20

    /// libgit2's set-up, run once; every return code is checked: an option that does not take
    /// (the pack-file limit a fleet run depends on, strict hash checks) is an error, not a default.
    private static let initialized: Result<Void, GitError> = Result {
        // The library is loaded here, so a machine without it fails where every entry point starts.
        var lib = try LibGit2.loaded.get()
        // Not through `check`: it clears libgit2's error state, which does not exist before this.
        let started = lib.git_libgit2_init()
        guard started >= 0 else { throw GitError(function: "git_libgit2_init", code: started, message: "libgit2 could not be initialised", context: "") }
        try check(fleetscan_git_set_mwindow_file_limit(&lib, packFileLimit), "git_libgit2_opts", "GIT_OPT_SET_MWINDOW_FILE_LIMIT")
        // libgit2 hashes every object it reads by default (a fifth of a history's instructions,
        // most of it on project files read at every commit that changes them). Off: the blobs
        // whose analyses go into the shared memo are checked by `GitRepository.verifyBlob`
        // before they are analysed; what is only read misleads only its own repository's
        // report (README, "Trust").
        try check(fleetscan_git_set_strict_hash_verification(&lib, 0), "git_libgit2_opts", "GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION")
        try check(fleetscan_git_set_cache_object_limit(&lib, GIT_OBJECT_TREE, 1 << 20), "git_libgit2_opts", "GIT_OPT_SET_CACHE_OBJECT_LIMIT")
        try check(fleetscan_git_set_cache_object_limit(&lib, GIT_OBJECT_COMMIT, 1 << 16), "git_libgit2_opts", "GIT_OPT_SET_CACHE_OBJECT_LIMIT")
        // The object cache (trees and commits) holds 8 MiB, not libgit2's 256 MiB: a history
        // diffs each tree against the one before, so what it reads again is recent, and a long
        // history's every tree filled the cache (duckduckgo/iOS grew by ~30 MiB per 1,000 commits;
        // at 32 MiB its peak was 237 MiB, at 8 MiB 190 MiB, with the same user and system time).
        try check(fleetscan_git_set_cache_max_size(&lib, objectCacheSize), "git_libgit2_opts", "GIT_OPT_SET_CACHE_MAX_SIZE")
        // Pack files are mapped 32 MiB at a time, at most 96 MiB at once, not in 1 GiB windows
        // without limit: the pages a history touches stay resident while mapped, and over
        // home-assistant's 370 MiB pack they were a third of the peak (67 of 206 MiB). Measured
        // back to back: home-assistant's 1,000 commits 209-211 MB -> 148-156 MB, duckduckgo's
        // history 188-192 MB -> 168 MB, wall and system time within the machine's noise (smaller
        // windows or a lower limit cost up to 10 %: unmapped pages are faulted in again).
        try check(fleetscan_git_set_mwindow_size(&lib, packWindowSize), "git_libgit2_opts", "GIT_OPT_SET_MWINDOW_SIZE")
        try check(fleetscan_git_set_mwindow_mapped_limit(&lib, mappedPackLimit), "git_libgit2_opts", "GIT_OPT_SET_MWINDOW_MAPPED_LIMIT")
        // The machine's and the user's git configuration are not read: repositories read the same
        // everywhere, and libgit2 no longer checks those files for changes on every config lookup
        // (35 stat calls per repository of a fleet run). Fetches set their own options.
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            try check(fleetscan_git_clear_config_search_path(&lib, level), "git_libgit2_opts", "GIT_OPT_SET_SEARCH_PATH")
        }
    }.mapError { $0 as! GitError }

    /// Initialises libgit2 (idempotent; every entry point calls it), or throws what failed.
    @inline(__always) static func setUp() throws { try initialized.get() }

    /// What a fetch needs beyond `setUp`, done before the first one: the certificate
    /// authorities named the way git and OpenSSL name them (`SSL_CERT_FILE`, `SSL_CERT_DIR`: a
    /// company's own CA); otherwise libgit2's TLS backend keeps the system's, loaded at
    /// `git_libgit2_init`. Parsing them took 211 M instructions (50 ms) of every process that
    /// opened a repository, scans and histories that never connect anywhere included.
    private static let networkReady: Result<Void, GitError> = Result {
        try setUp()
        let environment = ProcessInfo.processInfo.environment
        let file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        if file != nil || folder != nil {
            var table = lib
            try check(fleetscan_git_set_ssl_cert_locations(&table, file, folder), "git_libgit2_opts",
                      "GIT_OPT_SET_SSL_CERT_LOCATIONS \(file ?? "")\(folder.map { " " + $0 } ?? "")")
        }
    }.mapError { $0 as! GitError }

    /// Sets up libgit2 for a fetch or clone (idempotent), or throws what failed.
    static func setUpNetwork() throws { try networkReady.get() }

    /// At most `bytes` of pack files mapped at once (libgit2's default, 8 GiB on 64-bit
    /// machines, would overrun a worker's address-space limit).
    public static func limitMappedPacks(to bytes: Int) throws {
        try setUp()
        var table = lib
        try check(fleetscan_git_set_mwindow_mapped_limit(&table, max(bytes, 64 << 20)), "git_libgit2_opts", "GIT_OPT_SET_MWINDOW_MAPPED_LIMIT")
    }

    /// The libgit2 version, as `major.minor.revision` ("not installed" without libgit2).
    public static var version: String {
        guard (try? setUp()) != nil else { return "not installed" }
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = lib.git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// Makes the call and turns its return code into a Swift error, reading the message at once.
    /// The thread's last error is cleared first: libgit2 leaves an old message in place when a
    /// later call fails without setting one (an ignored config lookup's "config value
    /// 'init.defaultbranch' was not found" would then stand in for the real cause).
    @discardableResult
    static func check(_ call: @autoclosure () -> Int32, _ function: String, _ context: @autoclosure () -> String) throws -> Int32 {
        lib.git_error_clear()
        let code = call()
        guard code < 0 else { return code }
        throw lastError(code, function, context())
    }

    /// `call`'s return code, with the thread's last error cleared before it (for calls whose
    /// failure the caller handles itself, then reads with `lastError`).
    static func fresh(_ call: () -> Int32) -> Int32 {
        lib.git_error_clear()
        return call()
    }

    static func lastError(_ code: Int32, _ function: String, _ context: String) -> GitError {
        var message = "\(function) failed (code \(code))"
        if let e = lib.git_error_last(), let text = e.pointee.message {
            message = String(cString: text).trimmingTrailingNewlines()
        }
        return GitError(function: function, code: code, message: message, context: context)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
