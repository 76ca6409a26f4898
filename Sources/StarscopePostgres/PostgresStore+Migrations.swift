import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

/// The PostgreSQL schema, one migration per `AppDatabase` migration and under the same name, so
/// the two stores stay in step. Never edit a shipped migration.
///
/// The first versions create the tables in the shape SQLite's later migrations gave them (no
/// PostgreSQL store shipped before v9), and the avatar index is not here: avatar files stay on
/// each server's own disk, indexed by its own SQLite file.
enum PostgresMigrations {
    static let all: [(name: String, statements: [String])] = [
        (
            "v1: cache, favourites, star history, avatars",
            [
                """
                CREATE TABLE cachedResponse (
                    key text PRIMARY KEY, url text NOT NULL, status integer NOT NULL, headers bytea NOT NULL, body bytea NOT NULL,
                    etag text, lastModified text, fetchedAt timestamptz NOT NULL, maxAge double precision NOT NULL,
                    lastUsedAt timestamptz NOT NULL, size integer NOT NULL)
                """,
                "CREATE INDEX cachedResponseByUse ON cachedResponse (lastUsedAt)",
                """
                CREATE TABLE starSample (
                    repositoryID bigint NOT NULL, fullName text NOT NULL, recordedAt timestamptz NOT NULL, stars integer NOT NULL,
                    PRIMARY KEY (repositoryID, recordedAt))
                """,
            ]
        ),
        (
            "v2: repository snapshots",
            [
                """
                CREATE TABLE repositorySnapshot (
                    repositoryID bigint PRIMARY KEY, fullName text NOT NULL, snapshot bytea NOT NULL, fetchedAt timestamptz NOT NULL)
                """,
                "CREATE INDEX repositorySnapshotByName ON repositorySnapshot (lower(fullName))",
            ]
        ),
        (
            "v3: web sessions",
            [
                """
                CREATE TABLE webSession (
                    secretHash text PRIMARY KEY, account text NOT NULL, createdAt timestamptz NOT NULL, expiresAt timestamptz NOT NULL)
                """,
                "CREATE INDEX webSessionByExpiry ON webSession (expiresAt)",
            ]
        ),
        (
            "v4: accounts",
            [
                """
                CREATE TABLE account (
                    login text PRIMARY KEY, sealedToken bytea NOT NULL, theme text NOT NULL DEFAULT 'system',
                    createdAt timestamptz NOT NULL, signedInAt timestamptz NOT NULL)
                """
            ]
        ),
        (
            "v5: favourites per account",
            [
                """
                CREATE TABLE favorite (
                    account text NOT NULL DEFAULT '', repositoryID bigint NOT NULL, fullName text NOT NULL, snapshot bytea NOT NULL,
                    addedAt timestamptz NOT NULL, updatedAt timestamptz NOT NULL, PRIMARY KEY (account, repositoryID))
                """,
                "CREATE UNIQUE INDEX favoriteByName ON favorite (account, lower(fullName))",
                "CREATE INDEX favoriteByRepository ON favorite (repositoryID)",
            ]
        ),
        (
            "v6: notes and tags on favourites",
            [
                "ALTER TABLE favorite ADD COLUMN note text NOT NULL DEFAULT ''",
                """
                CREATE TABLE favoriteTag (
                    account text NOT NULL, repositoryID bigint NOT NULL, tag text NOT NULL,
                    FOREIGN KEY (account, repositoryID) REFERENCES favorite (account, repositoryID) ON DELETE CASCADE)
                """,
                "CREATE UNIQUE INDEX favoriteTagKey ON favoriteTag (account, repositoryID, lower(tag))",
                "CREATE INDEX favoriteTagByTag ON favoriteTag (account, lower(tag))",
            ]
        ),
        (
            "v7: GitHub stars of favourites",
            ["ALTER TABLE favorite ADD COLUMN starredOnGitHub boolean"]
        ),
        (
            "v8: updates on favourites",
            [
                """
                CREATE TABLE repositoryWatch (
                    repositoryID bigint PRIMARY KEY, fullName text NOT NULL, stars integer NOT NULL, archived boolean NOT NULL,
                    latestRelease text, checkedAt timestamptz NOT NULL)
                """,
                """
                CREATE TABLE updateEvent (
                    id bigserial PRIMARY KEY, account text NOT NULL, key text NOT NULL, kind text NOT NULL, repositoryID bigint NOT NULL,
                    fullName text NOT NULL, occurredAt timestamptz NOT NULL, summary text NOT NULL, htmlURL text NOT NULL,
                    seen boolean NOT NULL DEFAULT false, UNIQUE (account, key))
                """,
                "CREATE INDEX updateEventByTime ON updateEvent (occurredAt)",
            ]
        ),
        (
            "v9: leases",
            ["CREATE TABLE lease (name text PRIMARY KEY, holder text NOT NULL, expiresAt timestamptz NOT NULL)"]
        ),
        (
            "v10: favourites that cannot be checked",
            [
                """
                CREATE TABLE watchProblem (
                    account text NOT NULL, repositoryID bigint NOT NULL, fullName text NOT NULL, problem text NOT NULL,
                    gone boolean NOT NULL, since timestamptz NOT NULL, checkedAt timestamptz NOT NULL, PRIMARY KEY (account, repositoryID))
                """,
                // Counts are held to 10¹² (`Count.maximum`), beyond a 32-bit integer.
                "ALTER TABLE starSample ALTER COLUMN stars TYPE bigint",
                "ALTER TABLE repositoryWatch ALTER COLUMN stars TYPE bigint",
            ]
        ),
        (
            "v11: GitHub star history",
            [
                """
                CREATE TABLE gitHubStarHistoryWeek (
                    repositoryID bigint NOT NULL, week bigint NOT NULL, total bigint NOT NULL, days text NOT NULL,
                    PRIMARY KEY (repositoryID, week))
                """,
                """
                CREATE TABLE gitHubStarHistoryFetch (
                    repositoryID bigint PRIMARY KEY, fetchedAt timestamptz NOT NULL, unavailable boolean NOT NULL)
                """,
            ]
        ),
        (
            "v12: account ids",
            [
                "ALTER TABLE account ADD COLUMN userID bigint UNIQUE",
                "ALTER TABLE account ADD COLUMN key text",
                "UPDATE account SET key = login",
                "ALTER TABLE account ALTER COLUMN key SET NOT NULL",
                "CREATE UNIQUE INDEX accountByKey ON account (key)",
                "CREATE INDEX webSessionByAccount ON webSession (lower(account))",
                "CREATE TABLE keyCheck (name text PRIMARY KEY, value bytea NOT NULL)",
            ]
        ),
        (
            "v13: recent star weeks",
            [
                "CREATE TABLE recentStarWeeks (repositoryID bigint PRIMARY KEY, weeks text NOT NULL, fetchedAt timestamptz NOT NULL)",
                "CREATE INDEX recentStarWeeksByTime ON recentStarWeeks (fetchedAt)",
            ]
        ),
        (
            "v14: removed favourites kept for Undo",
            [
                """
                CREATE TABLE removedFavorite (
                    account text NOT NULL, repositoryID bigint NOT NULL, fullName text NOT NULL, snapshot bytea NOT NULL,
                    addedAt timestamptz NOT NULL, updatedAt timestamptz NOT NULL, note text NOT NULL, tags text NOT NULL,
                    starredOnGitHub boolean, removedAt timestamptz NOT NULL, PRIMARY KEY (account, repositoryID))
                """,
                "CREATE INDEX removedFavoriteByTime ON removedFavorite (removedAt)",
            ]
        ),
        (
            "v15: answers kept by account and keyed token",
            ["DELETE FROM cachedResponse WHERE position('/' in split_part(key, ' ', 1)) = 0"]
        ),
        (
            "v16: tag descriptions and star Lists",
            [
                "CREATE TABLE tagInfo (account text NOT NULL, tag text NOT NULL, description text NOT NULL, isPublic boolean NOT NULL DEFAULT false)",
                "CREATE UNIQUE INDEX tagInfoKey ON tagInfo (account, lower(tag))",
                "CREATE TABLE listSync (account text NOT NULL, tag text NOT NULL, listID text, description text NOT NULL, members text NOT NULL)",
                "CREATE UNIQUE INDEX listSyncKey ON listSync (account, lower(tag))",
            ]
        ),
        (
            "v17: form outcomes",
            [
                """
                CREATE TABLE formOutcome (id text PRIMARY KEY, account text NOT NULL, value bytea NOT NULL,
                    keptAt timestamptz NOT NULL, expiresAt timestamptz NOT NULL)
                """,
                "CREATE INDEX formOutcomeAccount ON formOutcome (account, keptAt)",
            ]
        ),
        (
            // What was last seen of a repository GitHub shows only to some accounts, kept in the
            // partition of the account whose token saw it (`repositoryWatch` holds public ones only).
            "v18: watches of private repositories per account",
            [
                """
                CREATE TABLE accountWatch (
                    account text NOT NULL, repositoryID bigint NOT NULL, fullName text NOT NULL, stars bigint NOT NULL,
                    archived boolean NOT NULL, latestRelease text, checkedAt timestamptz NOT NULL, PRIMARY KEY (account, repositoryID))
                """
            ]
        ),
        (
            // Partitions of kept answers are named with `cache.key` in the configuration directory
            // now (`CacheKey`): the store's own key goes, and the answers kept under it with it.
            "v19: the cache's key out of the store",
            [
                "DELETE FROM keyCheck WHERE name = 'cache.key'",
                "DELETE FROM cachedResponse WHERE strpos(key, '/anonymous ') = 0",
            ]
        ),
    ]
}

extension PostgresStore {
    /// Applies the migrations not applied yet, in one transaction under an advisory lock: when
    /// several instances start at once, the first migrates and the others find it done.
    func migrate() async throws(StoreError) {
        // A migration may take long on a big database, and others may be waiting for it: no 10 s limit here.
        try await transaction(deadline: .seconds(600)) { connection in
            _ = try await connection.all("SELECT pg_advisory_xact_lock(7400518)")
            _ = try await connection.all("CREATE TABLE IF NOT EXISTS schemaMigration (identifier text PRIMARY KEY)")
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT identifier FROM schemaMigration", logger: logger).decode(String.self) {
                applied.insert(name)
            }
            // A database a newer Starscope migrated is refused, and the transaction leaves it untouched.
            let known = Set(PostgresMigrations.all.map(\.name))
            guard applied.isSubset(of: known) else { throw StoreError.newerStore }
            for migration in PostgresMigrations.all where !applied.contains(migration.name) {
                for statement in migration.statements {
                    _ = try await connection.all(PostgresQuery(unsafeSQL: statement))
                }
                _ = try await connection.all("INSERT INTO schemaMigration (identifier) VALUES (\(migration.name))")
            }
        }
    }
}
