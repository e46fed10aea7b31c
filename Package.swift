// swift-tools-version:6.1
// fleetscan: how far an iOS codebase is from running in resizable windows and multiple scenes.
import PackageDescription

let package = Package(
    name: "fleetscan",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fleetscan", targets: ["fleetscan"]),
        // `swift package fleetscan`: scans a package that depends on this one.
        .plugin(name: "FleetscanPlugin", targets: ["FleetscanPlugin"]),
    ],
    // Each target depends on exactly the modules its sources import, no more and none reached
    // through another: this is the one statement of the module graph, which
    // scripts/check-boundaries holds the imports to and scripts/module-graph draws for README.
    targets: [
        // C libraries from the system (Debian -dev packages), each behind one Swift module. Only
        // zlib is linked: of the others only the headers are used (no pkgConfig, whose flags
        // would link them), and the wrapper module loads the library on first use through the
        // table of functions its shim.h lists, so a process starts without relocating them.
        .systemLibrary(name: "CLibGit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibYAML", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CVectorscan", providers: [.apt(["libvectorscan-dev"])]),
        // One hash whose values every process agrees on (memo keys, fingerprints, mirrors, shards).
        .target(name: "StableHashing"),
        // A C library loaded on first use: its files, its variable, its Debian package, one `dlopen`.
        .target(name: "DynamicLibrary"),
        // State threads share, behind one lock whose hand-over ThreadSanitizer is told of.
        .target(name: "Locking"),
        // The only importer of libgit2 (and of zlib, for loose objects it checks before libgit2
        // reads them): repositories, mirrors, commits, trees, blobs.
        .target(name: "GitAccess", dependencies: ["CLibGit2", "CZlib", "StableHashing", "DynamicLibrary"]),
        // The only importer of SQLite and libpq: the store interface and its two backends. What
        // they keep is told in RuleKit's words (stages, severity counts).
        .target(name: "ResultStore", dependencies: ["CSQLite", "CLibPQ", "RuleKit", "DynamicLibrary", "Locking"]),
        // The only importer of libyaml: YAML documents as Swift values (XcodeGen projects).
        .target(name: "YAMLAccess", dependencies: ["CLibYAML", "DynamicLibrary"]),
        // The only importer of Hyperscan (Vectorscan): pattern sets compiled once, scanned for any match.
        .target(name: "LiteralSearch", dependencies: ["CVectorscan", "DynamicLibrary"]),
        // Byte-level lexers for Swift and Objective-C; no knowledge of rules.
        .target(name: "SourceLexing"),
        // Info.plist (XML, binary), project.pbxproj (OpenStep), xcconfig, XcodeGen and Tuist
        // manifests, Package.swift: the target model's inputs.
        .target(name: "ProjectFiles", dependencies: ["YAMLAccess"]),
        // What a rule is, what a finding is, and the structure rules read.
        .target(name: "RuleKit", dependencies: ["SourceLexing", "ProjectFiles"]),
        // The rule catalog: one file per rule id of RULES.md.
        .target(name: "Rules", dependencies: ["RuleKit", "SourceLexing", "ProjectFiles", "Locking"]),
        // Mechanical fixes: a finding whose fix its rule, context and language decide, as a byte edit.
        .target(name: "Fixing", dependencies: ["RuleKit", "SourceLexing", "ProjectFiles", "StableHashing"]),
        // Files in, findings out: discovery, configuration, the two passes, the pool.
        .target(name: "ScanEngine", dependencies: ["Rules", "RuleKit", "SourceLexing", "ProjectFiles", "GitAccess", "StableHashing", "YAMLAccess",
                                                   "LiteralSearch", "Locking"]),
        // History: first-parent commits walked oldest first, each commit's tree state carried to
        // the next, every (blob, path) analysed once and memoised in the store. It runs
        // ScanEngine's own stages (its `package` declarations: the two passes, the model inputs
        // and digests), so a commit's counts are those of a scan; ScanEngine knows no store.
        .target(name: "History", dependencies: ["ScanEngine", "Rules", "RuleKit", "SourceLexing", "ProjectFiles", "GitAccess", "ResultStore",
                                                "StableHashing", "Locking"]),
        // The fleet: manifest, coordinator (fetch, history per repository, run records).
        .target(name: "Fleet", dependencies: ["History", "ScanEngine", "GitAccess", "ResultStore", "RuleKit", "StableHashing", "Locking"]),
        // The fleet's read model (built from the store) and pure functions from results to text.
        .target(name: "Reports", dependencies: ["History", "ScanEngine", "ResultStore", "Rules", "RuleKit", "SourceLexing"]),
        // Flags, commands, and the one error-to-exit-code mapping.
        .target(name: "FleetCLI", dependencies: ["Fleet", "History", "ScanEngine", "Reports", "ResultStore", "GitAccess", "Rules", "RuleKit", "SourceLexing", "Fixing"]),
        .executableTarget(name: "fleetscan", dependencies: ["FleetCLI"]),
        .plugin(name: "FleetscanPlugin",
                capability: .command(intent: .custom(verb: "fleetscan",
                                                     description: "Scan the package's targets for what blocks resizable windows and multiple scenes")),
                dependencies: ["fleetscan"], path: "Plugins/FleetscanPlugin"),

        .target(name: "TestSupport", dependencies: ["ScanEngine", "Rules", "RuleKit", "SourceLexing", "ResultStore"],
                path: "Tests/TestSupport"),
        .testTarget(name: "GitAccessTests", dependencies: ["GitAccess", "TestSupport"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["ResultStore", "RuleKit", "TestSupport"]),
        .testTarget(name: "LiteralSearchTests", dependencies: ["LiteralSearch"]),
        .testTarget(name: "DynamicLibraryTests", dependencies: ["DynamicLibrary"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "SourceLexingTests", dependencies: ["SourceLexing"]),
        .testTarget(name: "ProjectFilesTests", dependencies: ["ProjectFiles", "YAMLAccess", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "RuleKit", "ProjectFiles", "SourceLexing", "ScanEngine", "TestSupport", "StableHashing"],
                    exclude: ["RuleOutputs.txt"]),
        .testTarget(name: "ScanEngineTests", dependencies: ["ScanEngine", "History", "Rules", "RuleKit", "ProjectFiles", "SourceLexing", "GitAccess", "ResultStore", "TestSupport", "StableHashing"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "ScanEngine", "Rules", "RuleKit", "GitAccess", "ResultStore", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "History", "ScanEngine", "RuleKit", "GitAccess", "ResultStore", "TestSupport"]),
        .testTarget(name: "FleetTests", dependencies: ["Fleet", "History", "Reports", "ScanEngine", "RuleKit", "GitAccess", "ResultStore", "TestSupport"]),
        .testTarget(name: "FleetCLITests", dependencies: ["FleetCLI", "Fleet", "RuleKit", "TestSupport"]),
        .testTarget(name: "FixingTests", dependencies: ["Fixing", "RuleKit", "SourceLexing", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz targets (Tests/Fuzz/, one libFuzzer binary for every parser) exist only in scripts/fuzz's
// build, which links libFuzzer's own `main`: `FLEETSCAN_FUZZ=1 swift build --sanitize=fuzzer …`.
if Context.environment["FLEETSCAN_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "fleetscan-fuzz", dependencies: ["Fleet", "ScanEngine", "ProjectFiles", "RuleKit", "SourceLexing", "YAMLAccess"],
        path: "Tests/Fuzz"))
}
