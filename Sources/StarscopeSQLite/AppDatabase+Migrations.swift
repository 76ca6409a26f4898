import GRDB
import StarscopeModels
import StarscopeStore

extension AppDatabase {
    /// The schema, one migration per change; never edit a shipped migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: cache, favourites, star history, avatars") { db in
            try db.create(table: "cachedResponse") { t in
                t.primaryKey("key", .text)
                t.column("url", .text).notNull()
                t.column("status", .integer).notNull()
                t.column("headers", .blob).notNull()
                t.column("body", .blob).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.column("maxAge", .double).notNull()
                t.column("lastUsedAt", .datetime).notNull().indexed()
                t.column("size", .integer).notNull()
            }
            try db.create(table: "favorite") { t in
                t.primaryKey("repositoryID", .integer)
                t.column("fullName", .text).notNull().unique().collate(.nocase)
                t.column("snapshot", .blob).notNull()
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "starSample") { t in
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull()
                t.column("recordedAt", .datetime).notNull()
                t.column("stars", .integer).notNull()
                t.primaryKey(["repositoryID", "recordedAt"])
            }
            try db.create(table: "avatar") { t in
                t.primaryKey("url", .text)
                t.column("contentHash", .text).notNull().indexed()
                t.column("contentType", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("lastUsedAt", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v2: repository snapshots") { db in
            try db.create(table: "repositorySnapshot") { t in
                t.primaryKey("repositoryID", .integer)
                t.column("fullName", .text).notNull().indexed().collate(.nocase)
                t.column("snapshot", .blob).notNull()
                t.column("fetchedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3: web sessions") { db in
            try db.create(table: "webSession") { t in
                t.primaryKey("secretHash", .text)
                t.column("account", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v4: accounts") { db in
            try db.create(table: "account") { t in
                t.primaryKey("login", .text).collate(.nocase)
                t.column("sealedToken", .blob).notNull()
                t.column("theme", .text).notNull().defaults(to: "system")
                t.column("createdAt", .datetime).notNull()
                t.column("signedInAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v5: favourites per account") { db in
            // The one user of a server without accounts (and the terminal) is account "".
            try db.create(table: "favoriteByAccount") { t in
                t.column("account", .text).notNull().defaults(to: "").collate(.nocase)
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull().collate(.nocase)
                t.column("snapshot", .blob).notNull()
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["account", "repositoryID"])
                t.uniqueKey(["account", "fullName"])
            }
            try db.execute(
                sql: """
                    INSERT INTO favoriteByAccount (account, repositoryID, fullName, snapshot, addedAt, updatedAt)
                    SELECT '', repositoryID, fullName, snapshot, addedAt, updatedAt FROM favorite
                    """)
            try db.drop(table: "favorite")
            try db.rename(table: "favoriteByAccount", to: "favorite")
            try db.create(index: "favoriteByRepository", on: "favorite", columns: ["repositoryID"])
        }
        migrator.registerMigration("v6: notes and tags on favourites") { db in
            try db.alter(table: "favorite") { t in t.add(column: "note", .text).notNull().defaults(to: "") }
            try db.create(table: "favoriteTag") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("repositoryID", .integer).notNull()
                t.column("tag", .text).notNull().collate(.nocase)
                t.primaryKey(["account", "repositoryID", "tag"])
                t.foreignKey(
                    ["account", "repositoryID"], references: "favorite", columns: ["account", "repositoryID"], onDelete: .cascade)
            }
            try db.create(index: "favoriteTagByTag", on: "favoriteTag", columns: ["account", "tag"])
        }
        migrator.registerMigration("v7: GitHub stars of favourites") { db in
            // NULL: not known; 1 or 0: what GitHub said when Starscope last starred, unstarred or synced.
            try db.alter(table: "favorite") { t in t.add(column: "starredOnGitHub", .boolean) }
        }
        migrator.registerMigration("v8: updates on favourites") { db in
            // What Starscope last knew of each watched repository, to tell what changed.
            try db.create(table: "repositoryWatch") { t in
                t.primaryKey("repositoryID", .integer)
                t.column("fullName", .text).notNull()
                t.column("stars", .integer).notNull()
                t.column("archived", .boolean).notNull()
                t.column("latestRelease", .text)
                t.column("checkedAt", .datetime).notNull()
            }
            try db.create(table: "updateEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("account", .text).notNull().collate(.nocase)
                t.column("key", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull()
                t.column("occurredAt", .datetime).notNull().indexed()
                t.column("summary", .text).notNull()
                t.column("htmlURL", .text).notNull()
                t.column("seen", .boolean).notNull().defaults(to: false)
                t.uniqueKey(["account", "key"])
            }
        }
        migrator.registerMigration("v9: leases") { db in
            // Who refreshes what: one holder per name until `expiresAt` (see `Store.claimLease`).
            try db.create(table: "lease") { t in
                t.primaryKey("name", .text)
                t.column("holder", .text).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v10: favourites that cannot be checked") { db in
            // Why a watched repository could not be checked (see `WatchProblem`); gone ones are tried less often.
            // Per account: each account's favourites are checked with its own token, and a 404 to one
            // token (a private repository not shared with it) says nothing of another's.
            try db.create(table: "watchProblem") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull()
                t.column("problem", .text).notNull()
                t.column("gone", .boolean).notNull()
                t.column("since", .datetime).notNull()
                t.column("checkedAt", .datetime).notNull()
                t.primaryKey(["account", "repositoryID"])
            }
        }
        migrator.registerMigration("v11: GitHub star history") { db in
            // Weekly buckets from `stargazers/history` (public repositories only), and when each was asked.
            try db.create(table: "gitHubStarHistoryWeek") { t in
                t.column("repositoryID", .integer).notNull()
                t.column("week", .integer).notNull()
                t.column("total", .integer).notNull()
                t.column("days", .text).notNull()
                t.primaryKey(["repositoryID", "week"])
            }
            try db.create(table: "gitHubStarHistoryFetch") { t in
                t.primaryKey("repositoryID", .integer)
                t.column("fetchedAt", .datetime).notNull()
                t.column("unavailable", .boolean).notNull()
            }
        }
        migrator.registerMigration("v12: account ids") { db in
            // Accounts by GitHub's user id: their data moves from the login to `#ID` when they
            // sign in (see `Store.signIn`); until then an account's key is its login.
            try db.alter(table: "account") { t in
                t.add(column: "userID", .integer)
                t.add(column: "key", .text).notNull().defaults(to: "").collate(.nocase)
            }
            try db.execute(sql: "UPDATE account SET key = login")
            try db.create(index: "accountByUserID", on: "account", columns: ["userID"], unique: true)
            try db.create(index: "accountByKey", on: "account", columns: ["key"], unique: true)
            try db.create(index: "webSessionByAccount", on: "webSession", columns: ["account"])
            // What `accounts.key` was when it was last accepted (an HMAC under it, never the key).
            try db.create(table: "keyCheck") { t in
                t.primaryKey("name", .text)
                t.column("value", .blob).notNull()
            }
        }
        migrator.registerMigration("v13: recent star weeks") { db in
            // The newest 30 weeks of GitHub's history per public repository (breaking out).
            try db.create(table: "recentStarWeeks") { t in
                t.primaryKey("repositoryID", .integer)
                t.column("weeks", .text).notNull()
                t.column("fetchedAt", .datetime).notNull().indexed()
            }
        }
        migrator.registerMigration("v14: removed favourites kept for Undo") { db in
            // A removed favourite as it was (note, tags one a line, dates, star mark), kept for
            // `Favorite.undoWindow` so that Undo brings it back exactly; then it is deleted.
            try db.create(table: "removedFavorite") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull().collate(.nocase)
                t.column("snapshot", .blob).notNull()
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("note", .text).notNull()
                t.column("tags", .text).notNull()
                t.column("starredOnGitHub", .boolean)
                t.column("removedAt", .datetime).notNull().indexed()
                t.primaryKey(["account", "repositoryID"])
            }
        }
        migrator.registerMigration("v15: answers kept by account and keyed token") { db in
            // Answers were kept under a bare hash of their token; they are now kept under the
            // account and an HMAC of the token (`CachePartition`): the old ones are dropped.
            try db.execute(sql: "DELETE FROM cachedResponse WHERE instr(substr(key, 1, instr(key, ' ')), '/') = 0")
        }
        migrator.registerMigration("v16: tag descriptions and star Lists") { db in
            // What a tag is for and whether its List is public; kept apart from `favoriteTag` so
            // that it outlives the last favourite carrying the tag.
            try db.create(table: "tagInfo") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("tag", .text).notNull().collate(.nocase)
                t.column("description", .text).notNull()
                t.column("isPublic", .boolean).notNull().defaults(to: false)
                t.primaryKey(["account", "tag"])
            }
            // What each GitHub List held after the last sync (members one a line).
            try db.create(table: "listSync") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("tag", .text).notNull().collate(.nocase)
                t.column("listID", .text)
                t.column("description", .text).notNull()
                t.column("members", .text).notNull()
                t.primaryKey(["account", "tag"])
            }
        }
        migrator.registerMigration("v17: form outcomes") { db in
            // What a web form did, for the page its redirect leads to, whichever instance serves it
            // (see `FormOutcomesStore`).
            try db.create(table: "formOutcome") { t in
                t.primaryKey("id", .text)
                t.column("account", .text).notNull()
                t.column("value", .blob).notNull()
                t.column("keptAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(index: "formOutcomeAccount", on: "formOutcome", columns: ["account", "keptAt"])
        }
        migrator.registerMigration("v18: watches of private repositories per account") { db in
            // What was last seen of a repository GitHub shows only to some accounts, kept in the
            // partition of the account whose token saw it: `repositoryWatch`, which every check
            // reads, holds public repositories only (the audience rule).
            try db.create(table: "accountWatch") { t in
                t.column("account", .text).notNull().collate(.nocase)
                t.column("repositoryID", .integer).notNull()
                t.column("fullName", .text).notNull()
                t.column("stars", .integer).notNull()
                t.column("archived", .boolean).notNull()
                t.column("latestRelease", .text)
                t.column("checkedAt", .datetime).notNull()
                t.primaryKey(["account", "repositoryID"])
            }
        }
        migrator.registerMigration("v19: the cache's key out of the store") { db in
            // Partitions of kept answers are named with `cache.key` in the configuration directory
            // now (`CacheKey`): the store's own key goes, and the answers kept under it with it.
            try db.execute(sql: "DELETE FROM keyCheck WHERE name = 'cache.key'")
            try db.execute(sql: "DELETE FROM cachedResponse WHERE instr(key, '/anonymous ') = 0")
        }
        return migrator
    }
}
