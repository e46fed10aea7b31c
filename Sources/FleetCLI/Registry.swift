import Foundation
import ScanEngine

/// The flags by name (`Flags.scanFormat`), and all of them in help order.
@dynamicMemberLookup
enum Flags {
    /// Where mirrors go without --cache (`ScanCommand.cacheFolder`), in the words help and README use.
    static let cacheFallbacks = "$FLEETSCAN_CACHE, else $XDG_CACHE_HOME/fleetscan, else ~/.cache/fleetscan"
    /// When `--color auto` colours (`ParsedArguments.colors`), in the words help and README use.
    static let colorAuto = "on a terminal, unless $NO_COLOR is set or $TERM is dumb"

    static let declared = FlagDeclarations()

    /// Every flag, in help order: the declarations' properties (`FlagDeclarations.all`).
    static let all: [Flag] = declared.all

    static subscript(dynamicMember flag: KeyPath<FlagDeclarations, Flag>) -> Flag { declared[keyPath: flag] }

    /// The flags `command` takes, in help order.
    static func of(_ command: CommandName) -> [Flag] { all.filter { $0.commands.contains(command) } }
}

/// Every flag of every command, each declared once, in the order help lists them: parsing,
/// help and the tests read `Flags.all`, which is `all` below, these properties in order; a test
/// reads them off with `Mirror` and fails when one is left out or out of order (reflection itself
/// costs a millisecond of every start, so the list is written out). A name declared twice means
/// two different things for disjoint commands (`report --repo NAME` is a stored repository,
/// `scan --repo PATH_OR_URL` a git repository); a test checks no command takes a spelling twice.
struct FlagDeclarations: Sendable {
    let scanFormat = Flag(name: "--format", value: "FORMAT", type: .choice(ScanFormat.choices),
                          help: "xcode (default: path:line:col: warning: message [rule]), json (the version-1 contract), sarif (SARIF 2.1.0), "
                              + "markdown (a pull-request comment), github (GitHub Actions annotations), checkstyle, junit or "
                              + "codeclimate (GitLab code quality)",
                          commands: [.scan])
    let fixFormat = Flag(name: "--format", value: "FORMAT", type: .choice(FixFormat.choices),
                         help: "diff (default: a unified diff `git apply` takes, paths relative to the root), json (the edits) or sarif "
                             + "(results with fixes)",
                         commands: [.fix])
    let historyFormat = Flag(name: "--format", value: "FORMAT", type: .choice(HistoryFormat.choices),
                             help: "markdown (default: the commits that changed a count, and the net change) or json",
                             commands: [.history])
    let reportFormat = Flag(name: "--format", value: "FORMAT", type: .choice(ReportFormat.choices),
                            help: "html (default: index.html and a page per repository), markdown (report.md) or json (report.json)",
                            commands: [.report])
    let repo = Flag(name: "--repo", value: "PATH_OR_URL",
                    help: "read a git revision instead of folders: a local repository, or a URL mirrored into the cache "
                        + "(an https token is read from $FLEETSCAN_GIT_TOKEN)",
                    commands: [.scan, .fix, .history])
    let rev = Flag(name: "--rev", value: "REV", help: "the revision to read with --repo (default: HEAD)", commands: [.scan, .fix])
    let historyRev = Flag(name: "--rev", value: "REV", help: "the revision whose first-parent history is walked (default: HEAD)",
                          commands: [.history])
    let reportRepo = Flag(name: "--repo", value: "NAME", help: "only this repository of the manifest", commands: [.report])
    let manifest = Flag(name: "--manifest", value: "FILE", help: "the fleet manifest (fleet.json)", commands: [.fleetRun, .fleetCheck])
    let db = Flag(name: "--db", value: "FILE_OR_URL",
                  help: "the result store: a SQLite file (default: ./fleetscan.sqlite) or a PostgreSQL URL, postgres://user@host:port/db "
                      + "(the password from $PGPASSWORD or ~/.pgpass, never the URL)",
                  commands: [.history, .fleetRun, .report])
    let reportOutput = Flag(name: "--output", aliases: ["--out"], value: "DIR", help: "the folder to write into (created if missing)",
                            commands: [.report])
    let output = Flag(name: "--output", aliases: ["--out"], value: "FILE", help: "write the report to FILE instead of standard output",
                      commands: [.scan, .fix, .migrateScenes, .history])
    let baseline = Flag(name: "--baseline", value: "FILE",
                        help: "an earlier `scan --format json` report: mark and count new findings; --fail-on looks at new ones only",
                        commands: [.scan])
    let diffBase = Flag(name: "--diff-base", value: "REV", help: "with --repo: report only findings introduced since REV (the pull-request gate)",
                        commands: [.scan])
    let failOn = Flag(name: "--fail-on", value: "LEVEL", type: .choice(["error", "warning", "note"]),
                      help: "exit 1 when a finding (a new one, with --baseline or --diff-base) is at least this severe: error (default), "
                          + "warning or note",
                      commands: [.scan])
    let strict = Flag(name: "--strict", value: nil, help: "warnings fail too: the same as --fail-on warning", commands: [.scan])
    let config = Flag(name: "--config", value: "FILE",
                      help: "the configuration to use instead of the root's .fleetscan.yml, .fleetscan.yaml or .fleetscan.json "
                          + "(YAML or JSON, by its extension)",
                      commands: [.scan, .fix])
    let rule = Flag(name: "--rule", value: "ID", repeatable: true, help: "only this rule's fixes (repeatable; case is ignored)",
                    commands: [.fix])
    let write = Flag(name: "--write", value: nil, help: "make the changes in the files (default: print a unified diff)",
                     commands: [.fix, .migrateScenes])
    let target = Flag(name: "--target", value: "NAME", help: "the app target to migrate (needed when several lack a scene manifest)",
                      commands: [.migrateScenes])
    let since = Flag(name: "--since", value: "DATE", type: .date,
                     help: "only commits authored on or after DATE (2026-01-31 or 2026-01-31T12:00:00Z, UTC)", commands: [.history])
    let fleetSince = Flag(name: "--since", value: "DATE", type: .date,
                          help: "a repository's first run walks back to DATE (default: the manifest's \"since\", else one year)",
                          commands: [.fleetRun])
    let maxCommits = Flag(name: "--max-commits", value: "N", type: .count, help: "only the newest N first-parent commits",
                          commands: [.history, .fleetRun])
    let allCommits = Flag(name: "--all-commits", value: nil, help: "markdown lists every commit, not only those that changed a count",
                          commands: [.history])
    let owner = Flag(name: "--owner", value: "OWNER",
                     help: "only what this owner owns (@org/team, @user or an email, as CODEOWNERS or the manifest's team names it)",
                     commands: [.report])
    let jobs = Flag(name: "--jobs", value: "N", type: .count, help: "worker threads (default: one per core)",
                    commands: [.scan, .fix, .history, .fleetRun])
    let lanes = Flag(name: "--lanes", value: "N", type: .count,
                     help: "repositories scanned at once (default 2); their files share one pool of --jobs workers", commands: [.fleetRun])
    let transfers = Flag(name: "--transfers", value: "N", type: .count, help: "fetches at once (default 4)", commands: [.fleetRun])
    let cache = Flag(name: "--cache", value: "DIR",
                     help: "where mirrors of remote repositories are kept (default: \(Flags.cacheFallbacks))",
                     commands: [.scan, .fix, .history])
    let fleetCache = Flag(name: "--cache", value: "DIR",
                          help: "where mirrors are kept (default: the manifest's \"cache\", else \(Flags.cacheFallbacks))",
                          commands: [.fleetRun])
    let shard = Flag(name: "--shard", value: "I/N", type: .shard,
                     help: "take shard I (from 0) of N; default $JOB_COMPLETION_INDEX of $FLEETSCAN_SHARDS, else the whole fleet",
                     commands: [.fleetRun])
    let fleetReport = Flag(name: "--report", value: "DIR", help: "write the HTML report of the store to DIR after the run",
                           commands: [.fleetRun])
    let workerTimeout = Flag(name: "--worker-timeout", value: "SECONDS", type: .count,
                             help: "wall-clock budget of one repository's fetch, and of its scan, in its worker process (default 3600)",
                             commands: [.fleetRun])
    let workerMemory = Flag(name: "--worker-memory", value: "SIZE", type: .size,
                            help: "resident memory a worker may reach, like 4G or 512M (default 4G; its address space is limited to twice that)",
                            commands: [.fleetRun])
    let inProcess = Flag(name: "--in-process", value: nil,
                         help: "fetch and scan in this process, without worker processes (no isolation: for debugging)", commands: [.fleetRun])
    let allowFailures = Flag(name: "--allow-failures", value: nil,
                             help: "exit 0 even when a repository failed (default: exit 1, after storing everything else)",
                             commands: [.fleetRun])
    let keepPaths = Flag(name: "--keep-paths", value: nil,
                         help: "with --format json: keep local paths in repository URLs and failure reasons (default: <local path>, as the HTML and Markdown show)",
                         commands: [.report])
    let color = Flag(name: "--color", aliases: ["--colour"], value: "WHEN", type: .choice(["auto", "always", "never"]),
                     help: "colour severities and summaries: auto (default: \(Flags.colorAuto)), "
                         + "always or never",
                     commands: [.scan, .fix, .fleetRun])
    let quiet = Flag(name: "--quiet", value: nil, help: "print no summary or diagnostics on standard error",
                     commands: [.scan, .fix, .migrateScenes, .history, .fleetRun, .report])

    /// The properties above, in order.
    var all: [Flag] {
        [scanFormat, fixFormat, historyFormat, reportFormat, repo, rev, historyRev, reportRepo, manifest, db,
         reportOutput, output, baseline, diffBase, failOn, strict, config, rule, write, target, since, fleetSince,
         maxCommits, allCommits, owner, jobs, lanes, transfers, cache, fleetCache, shard, fleetReport, workerTimeout,
         workerMemory, inProcess, allowFailures, keepPaths, color, quiet]
    }
}

/// Every command, as users type it.
enum CommandName: String, CaseIterable, Sendable {
    case scan, fix, migrateScenes = "migrate scenes", history, fleetRun = "fleet run", fleetCheck = "fleet check", report
    case rules, explain, help, version
}

/// What a command takes besides flags.
enum Positionals: Sendable, Equatable {
    case none
    /// Any number of paths.
    case paths
    /// Exactly one (its placeholder).
    case one(String)
    /// At most one.
    case optional(String)
}

/// A command: its name, one line for the command list, its help and what runs it.
struct Command: Sendable {
    let id: CommandName
    /// `scan`, `fleet run`.
    var name: String { id.rawValue }
    /// What follows the name in the first usage line (`[PATH…]`).
    let arguments: String
    let summary: String
    let about: String
    let positionals: Positionals
    /// Runs it; the environment is read when the command asks for it (most need none).
    let run: @Sendable (ParsedArguments, IO, () -> [String: String]) throws -> Int32

    var flags: [Flag] { Flags.of(id) }
}

enum Commands {
    static let all: [Command] = [
        Command(id: .scan, arguments: "[PATH…]", summary: "scan sources for what blocks resizable windows and multiple scenes",
                about: """
                    Scans Swift and Objective-C sources, Info.plists and project files (Xcode, XcodeGen, Tuist, Swift packages) under each \
                    PATH (default: the current folder) and reports what stands between them and resizable windows and multiple scenes, \
                    per target and platform. The root's .fleetscan.yml (or .yaml, or .json) applies, or --config FILE; Pods, Carthage and \
                    other vendored folders are skipped. With --repo, scans a revision straight from git, without a checkout.

                    Exit status: 0 no finding at or above --fail-on in app or library code (examples and tests never fail it), 1 at \
                    least one, 2 a usage, path or configuration error, 3 the store failed (worth retrying).
                    """,
                positionals: .paths, run: { p, io, env in try ScanCommand.run(p, io, environment: env()) }),
        Command(id: .fix, arguments: "[PATH…]", summary: "make the mechanical fixes: a diff, or --write to edit the files",
                about: """
                    Scans as `scan` does and makes every fix that is mechanical: where the rule, the code's context (view, view \
                    controller) and its language decide the replacement — `UIScreen.main.bounds` in a view controller becomes \
                    `view.bounds`, `[UIScreen mainScreen].scale` in a view `self.traitCollection.displayScale` (`fleetscan explain RULE` \
                    says which fixes are automatic). Prints a unified diff by default; --write edits the files. Never edits vendored or \
                    generated files, links, suppressed code, or a file that changed since it was read; keeps each file's encoding, line \
                    endings and indentation. With --repo, prints a patch against that revision.
                    """,
                positionals: .paths, run: { p, io, env in try FixCommand.run(p, io, environment: env()) }),
        Command(id: .migrateScenes, arguments: "[PATH]", summary: "adopt the scene life cycle in an app target (TN3187): a diff, or --write",
                about: """
                    Adopts the UIKit scene life cycle in an app target that `scene-manifest-missing` blocks, as Apple's TN3187 lists it: \
                    a UIApplicationSceneManifest in its Info.plist (or the build setting that generates one), a SceneDelegate in the app \
                    delegate's language that shows the root view controller the app delegate builds today and hands URLs and user \
                    activities to its handlers, the app delegate's application(_:configurationForConnecting:options:), a mark on the \
                    window creation it replaces, and the new files in the target. Prints a diff (`git apply` takes it); --write makes \
                    the changes.
                    """,
                positionals: .optional("PATH"), run: { p, io, _ in try MigrateCommand.run(p, io) }),
        Command(id: .history, arguments: "--repo PATH_OR_URL", summary: "record every commit's counts along a branch's first-parent history",
                about: """
                    Walks the first-parent history of --rev, oldest first, and records each commit's counts per rule, its change against \
                    the parent and the files that moved. Each distinct blob is scanned once; results are stored, so a second run only \
                    scans commits it has not stored.
                    """,
                positionals: .none, run: { p, io, env in try HistoryCommand.run(p, io, environment: env()) }),
        Command(id: .fleetRun, arguments: "--manifest FILE", summary: "bring every repository of a manifest up to date and scan its new commits",
                about: """
                    Clones (first run) or fetches every repository of the manifest into bare mirrors in the cache, scans the commits not \
                    stored yet (a first run walks back to --since) and stores everything. Each repository is fetched and scanned in a \
                    worker process with a time and a memory budget: a repository that fails, crashes its worker or exceeds a budget is \
                    recorded with its reason; the others go on. A run that is killed can be run again: it finishes the work, and \
                    nothing is stored twice.

                    Exit status: 0 every repository done, 1 a repository failed (0 with --allow-failures), 2 a bad manifest or usage, 3 \
                    the store failed, 75 another run holds the cache (try later).
                    """,
                positionals: .none, run: { p, io, env in try FleetCommand.runFleet(p, io, environment: env()) }),
        Command(id: .fleetCheck, arguments: "--manifest FILE", summary: "validate a fleet manifest",
                about: "Validates the manifest and lists its problems (exit status 2 if any).",
                positionals: .none, run: { p, io, env in try FleetCommand.check(p, io, environment: env()) }),
        Command(id: .report, arguments: "--output DIR", summary: "the org dashboard (HTML, Markdown or JSON) of what fleet runs stored",
                about: """
                    Renders what fleet runs (or history runs) stored: the org dashboard — every repository with its stage and what holds \
                    it there, owners, pace, projected finish and last commit; owners rolled up; the commits that moved the numbers and \
                    who made them; the burndown, findings per rule and repositories per stage over time, with the manifest's deadline — \
                    and a page per repository with its work list at the head by owner and file. HTML is static: inline SVG, no scripts, \
                    nothing fetched.
                    """,
                positionals: .none, run: { p, io, _ in try ReportCommand.run(p, io) }),
        Command(id: .rules, arguments: "", summary: "list every rule",
                about: "Lists every rule with its severity, facet and what it catches.",
                positionals: .none, run: { _, io, _ in RulesCommands.list(io); return 0 }),
        Command(id: .explain, arguments: "RULE", summary: "what a rule catches, why, and the fix by context",
                about: "What RULE catches, why (with the public sources it rests on), its fix by where the code is, whether `fleetscan fix` "
                    + "makes it, and examples that are and are not flagged. Case is ignored.",
                positionals: .one("RULE"), run: { p, io, _ in try RulesCommands.explain(p.positionals[0], io); return 0 }),
        Command(id: .help, arguments: "[COMMAND]", summary: "this text, or a command's help",
                about: "Prints the list of commands, or COMMAND's help (`fleetscan help fleet run`).",
                positionals: .paths, run: { p, io, env in try Help.run(p.positionals, io, environment: env()) }),
        Command(id: .version, arguments: "", summary: "print the version", about: "Prints fleetscan's version.",
                positionals: .none, run: { _, io, _ in io.out("\(Tool.name) \(Tool.version)\n"); return 0 }),
    ]

    /// The commands with a subcommand whose first word is `name` (`fleet` → `fleet run`, `fleet
    /// check`), in registry order; nil when there are none. (A search, not a dictionary: the first
    /// dictionary of a type costs the runtime a tenth of a millisecond, at every start.)
    static func group(_ name: String) -> [Command]? {
        let members = all.filter { $0.name.hasPrefix(name + " ") }
        return members.isEmpty ? nil : members
    }

    /// The first words of the commands with a subcommand, sorted.
    static var groupNames: [String] {
        Array(Set(all.compactMap { $0.name.contains(" ") ? String($0.name.split(separator: " ")[0]) : nil })).sorted()
    }

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
