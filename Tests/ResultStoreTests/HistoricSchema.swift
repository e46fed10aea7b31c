// The migrations as fleetscan ran them before they were named (SQLiteStore.migrations and
// PostgresStore.migrations at df9493d), copied unchanged: the record of what a store at an old
// `schema_version` holds, so the upgrade tests build such stores the way those releases did.
// Never edit them to follow Schema.swift; a difference is what the tests are for.

enum HistoricSchema {
    /// SQLite: version N is the first N.
    static let sqlite: [String] = [
        """
        CREATE TABLE repositories(
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL);
        CREATE TABLE commits(
            repository INTEGER NOT NULL REFERENCES repositories(id),
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            parent TEXT,
            time INTEGER NOT NULL,
            subject TEXT NOT NULL,
            stage TEXT,
            error TEXT,
            files INTEGER NOT NULL,
            errors INTEGER NOT NULL,
            warnings INTEGER NOT NULL,
            notes INTEGER NOT NULL,
            compared_with_parent INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        CREATE TABLE commit_counts(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            rule TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, rule));
        CREATE TABLE commit_files(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            path TEXT NOT NULL,
            count INTEGER NOT NULL,
            delta INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, path));
        CREATE TABLE blob_results(
            blob TEXT NOT NULL,
            path TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            model TEXT NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY(blob, path, ruleset, model)) WITHOUT ROWID;
        CREATE TABLE refs(
            repository INTEGER NOT NULL,
            name TEXT NOT NULL,
            commit_id TEXT NOT NULL,
            PRIMARY KEY(repository, name));
        """,
        """
        CREATE TABLE file_counts(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            path TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, path));
        CREATE TABLE file_count_sets(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        CREATE TABLE runs(
            id INTEGER PRIMARY KEY,
            started INTEGER NOT NULL,
            finished INTEGER,
            shard TEXT NOT NULL,
            since INTEGER);
        CREATE TABLE run_repositories(
            run INTEGER NOT NULL REFERENCES runs(id),
            repository INTEGER NOT NULL REFERENCES repositories(id),
            status TEXT NOT NULL,
            reason TEXT,
            head TEXT,
            scanned INTEGER NOT NULL,
            already_stored INTEGER NOT NULL,
            failed_commits INTEGER NOT NULL,
            seconds REAL NOT NULL,
            PRIMARY KEY(run, repository));
        """,
        // Version 3 (rules v2): each target's stage at a head, as JSON.
        """
        CREATE TABLE target_stages(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            targets TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        ALTER TABLE commits ADD COLUMN apart_errors INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE commits ADD COLUMN apart_warnings INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE commits ADD COLUMN apart_notes INTEGER NOT NULL DEFAULT 0;
        """,
        // Version 4 (steering): authors, the findings at a head with their owners, the
        // manifest's team and links per repository, a run's deadline.
        """
        ALTER TABLE commits ADD COLUMN author TEXT NOT NULL DEFAULT '';
        CREATE TABLE head_work(
            repository INTEGER NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            work TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        ALTER TABLE repositories ADD COLUMN team TEXT;
        ALTER TABLE repositories ADD COLUMN commit_link TEXT;
        ALTER TABLE repositories ADD COLUMN file_link TEXT;
        ALTER TABLE runs ADD COLUMN deadline INTEGER;
        """,
        // Version 5: the manifest's team owns every finding of a repository (`"owners": "manifest"`).
        """
        ALTER TABLE repositories ADD COLUMN team_owns_all INTEGER NOT NULL DEFAULT 0;
        """,
    ]

    /// PostgreSQL: version M is the first M. It came after SQLite's version 2, so its first holds
    /// SQLite's first two, and its comments number the rest as SQLite does (they are its 2, 3, 4).
    static let postgres: [String] = [
        """
        CREATE TABLE repositories(
            id BIGSERIAL PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL);
        CREATE TABLE commits(
            repository BIGINT NOT NULL REFERENCES repositories(id),
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            parent TEXT,
            time BIGINT NOT NULL,
            subject TEXT NOT NULL,
            stage TEXT,
            error TEXT,
            files INTEGER NOT NULL,
            errors INTEGER NOT NULL,
            warnings INTEGER NOT NULL,
            notes INTEGER NOT NULL,
            compared_with_parent BOOLEAN NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        CREATE TABLE commit_counts(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            rule TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, rule));
        CREATE TABLE commit_files(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            path TEXT NOT NULL,
            count INTEGER NOT NULL,
            delta INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, path));
        CREATE TABLE blob_results(
            blob TEXT NOT NULL,
            path TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            model TEXT NOT NULL,
            data BYTEA NOT NULL,
            PRIMARY KEY(blob, path, ruleset, model));
        CREATE TABLE refs(
            repository BIGINT NOT NULL,
            name TEXT NOT NULL,
            commit_id TEXT NOT NULL,
            PRIMARY KEY(repository, name));
        CREATE TABLE file_counts(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            path TEXT NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset, path));
        CREATE TABLE file_count_sets(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        CREATE TABLE runs(
            id BIGSERIAL PRIMARY KEY,
            started BIGINT NOT NULL,
            finished BIGINT,
            shard TEXT NOT NULL,
            since BIGINT);
        CREATE TABLE run_repositories(
            run BIGINT NOT NULL REFERENCES runs(id),
            repository BIGINT NOT NULL REFERENCES repositories(id),
            status TEXT NOT NULL,
            reason TEXT,
            head TEXT,
            scanned INTEGER NOT NULL,
            already_stored INTEGER NOT NULL,
            failed_commits INTEGER NOT NULL,
            seconds DOUBLE PRECISION NOT NULL,
            PRIMARY KEY(run, repository));
        """,
        // Version 3 (rules v2): each target's stage at a head, as JSON.
        """
        CREATE TABLE target_stages(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            targets TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        ALTER TABLE commits ADD COLUMN apart_errors INTEGER NOT NULL DEFAULT 0,
                            ADD COLUMN apart_warnings INTEGER NOT NULL DEFAULT 0,
                            ADD COLUMN apart_notes INTEGER NOT NULL DEFAULT 0;
        """,
        // Version 4 (steering): authors, the findings at a head with their owners, the
        // manifest's team and links per repository, a run's deadline.
        """
        ALTER TABLE commits ADD COLUMN author TEXT NOT NULL DEFAULT '';
        CREATE TABLE head_work(
            repository BIGINT NOT NULL,
            commit_id TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            work TEXT NOT NULL,
            PRIMARY KEY(repository, commit_id, ruleset));
        ALTER TABLE repositories ADD COLUMN team TEXT, ADD COLUMN commit_link TEXT, ADD COLUMN file_link TEXT;
        ALTER TABLE runs ADD COLUMN deadline BIGINT;
        """,
        // Version 5: the manifest's team owns every finding of a repository (`"owners": "manifest"`).
        """
        ALTER TABLE repositories ADD COLUMN team_owns_all BOOLEAN NOT NULL DEFAULT FALSE;
        """,
    ]
}
