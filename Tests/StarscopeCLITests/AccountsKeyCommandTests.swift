import Foundation
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopePostgres
@testable import StarscopeSQLite

/// `serve --accounts` and `accounts.key`: a missing, replaced or unreadable key stops the start
/// with one sentence once tokens are sealed with it; `--reset-accounts` ends every session and
/// drops every sealed token instead; `accounts forget LOGIN` deletes one account's data.
@Suite struct AccountsKeyCommandTests {
    static func data(_ home: URL) -> URL { home.appendingPathComponent("data/starscope") }
    static func config(_ home: URL) -> URL { home.appendingPathComponent("config/starscope") }
    static func keyFile(_ home: URL) -> URL { config(home).appendingPathComponent("accounts.key") }

    /// Starts `starscope serve --accounts --port 0 extra` until it listens (then stops it at once)
    /// or exits: whether it listened, its exit status when it stopped by itself, and its stderr.
    static func serve(
        _ home: URL, _ extra: [String] = [], environment: [String: String] = [:]
    ) async throws -> (listened: Bool, status: Int32?, stderr: String) {
        let output = Pipe()
        let errors = Pipe()
        let process = try SpawnedProcess.start(
            CLI.binary.path, ["serve", "--accounts", "--port", "0"] + extra,
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": home.path, "TZ": "UTC", "LANG": "C.UTF-8",
                "XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                "STARSCOPE_API_URL": "http://127.0.0.1:9",
            ].merging(environment) { _, new in new }, stdout: output, stderr: errors)
        // Blocking reads on their own threads (see `CLI.run`): the first line tells whether it listens.
        let firstLine = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var line = Data()
                while true {
                    let byte = output.fileHandleForReading.readChunkRetryingInterrupts(upTo: 1) ?? Data()
                    if byte.isEmpty || byte == Data("\n".utf8) { break }
                    line.append(byte)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }
        }
        let listened = firstLine.hasPrefix("Listening on http://")
        if listened { process.terminate() }
        let stderr: (String, Int32) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let data = errors.fileHandleForReading.readAllRetryingInterrupts()
                continuation.resume(returning: (String(decoding: data, as: UTF8.self), process.waitForExit()))
            }
        }
        return (listened, listened ? nil : stderr.1, stderr.0)
    }

    /// An account with a sealed token, favourites and a session, as a signed-in person leaves them.
    static func seedAccount(_ home: URL, id: Int64, login: String) async throws -> String {
        let database = try AppDatabase.open(directory: data(home))
        guard case .key(let vault) = TokenVault.read(directory: config(home)) else {
            Issue.record("no key")
            return ""
        }
        let record = try await database.signIn(
            userID: id, login: login, sealedToken: try vault.seal("ghp_\(login)TOKEN"), at: Date()
        ).account
        try await database.addFavorite(makeRepository(id, "o/\(login)"), for: record.viewer, at: Date())
        let (secret, session) = WebSession.make(for: record.viewer, lifetime: 3_600)
        try await database.saveSession(session)
        return secret
    }
}

extension AccountsKeyCommandTests {
    /// One line on stderr, exit 1, never listening, and the key file left as it was.
    static func expectRefusal(_ home: URL, saying words: String) async throws {
        let before = try? Data(contentsOf: keyFile(home))
        let (listened, status, stderr) = try await serve(home)
        #expect(!listened)
        #expect(status == 1)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(stderr)")
        #expect(stderr.contains(words), "\(stderr)")
        #expect(stderr.contains("accounts.key") && stderr.contains("--reset-accounts"))
        #expect((try? Data(contentsOf: keyFile(home))) == before)
    }

    @Test func aNewServerMakesItsKeyAndAMissingOneIsRefusedOnceTokensAreSealed() async throws {
        try await withHome { home in
            // Brand new, no for: Viewer(stored: the key is made.)
            #expect(try await Self.serve(home).listened)
            let key = try Data(contentsOf: Self.keyFile(home))
            #expect(key.count == 32)
            #expect(try await Self.serve(home).listened)
            #expect(try Data(contentsOf: Self.keyFile(home)) == key)

            _ = try await Self.seedAccount(home, id: 5, login: "mona")
            try FileManager.default.removeItem(at: Self.keyFile(home))
            try await Self.expectRefusal(home, saying: "is missing")
            #expect(!FileManager.default.fileExists(atPath: Self.keyFile(home).path))
        }
    }

    @Test func aReplacedKeyIsRefused() async throws {
        try await withHome { home in
            #expect(try await Self.serve(home).listened)
            _ = try await Self.seedAccount(home, id: 5, login: "mona")
            #expect(try await Self.serve(home).listened)
            try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: Self.keyFile(home))
            try await Self.expectRefusal(home, saying: "is not the key")
        }
    }

    @Test func aKeyFromBeforeTheCheckWasStoredIsTriedOnASealedToken() async throws {
        try await withHome { home in
            // Tokens sealed with one key, no check stored (as before v12), then another key.
            try FileManager.default.createDirectory(at: Self.config(home), withIntermediateDirectories: true)
            _ = try TokenVault.create(directory: Self.config(home))
            _ = try await Self.seedAccount(home, id: 5, login: "mona")
            _ = try TokenVault.create(directory: Self.config(home))
            try await Self.expectRefusal(home, saying: "is not the key")
        }
    }

    @Test func anUnreadableKeyIsRefused() async throws {
        try await withHome { home in
            #expect(try await Self.serve(home).listened)
            _ = try await Self.seedAccount(home, id: 5, login: "mona")
            try Data("short".utf8).write(to: Self.keyFile(home))
            try await Self.expectRefusal(home, saying: "it is not a key Starscope made")
            try FileManager.default.removeItem(at: Self.keyFile(home))
            try FileManager.default.createDirectory(at: Self.keyFile(home), withIntermediateDirectories: false)
            try await Self.expectRefusal(home, saying: "it is a directory")
        }
    }

    @Test func resetAccountsEndsEverySessionDropsTokensAndStarts() async throws {
        try await withHome { home in
            #expect(try await Self.serve(home).listened)
            let secret = try await Self.seedAccount(home, id: 5, login: "mona")
            try FileManager.default.removeItem(at: Self.keyFile(home))
            try await Self.expectRefusal(home, saying: "is missing")

            let reset = try await Self.serve(home, ["--reset-accounts"])
            #expect(reset.listened, "\(reset.stderr)")
            let key = try Data(contentsOf: Self.keyFile(home))
            #expect(key.count == 32)
            let database = try AppDatabase.open(directory: Self.data(home))
            #expect(try await database.session(secret: secret) == nil)
            let account = try #require(try await database.account(login: "mona"))
            #expect(account.sealedToken.isEmpty)
            #expect(try await database.favoriteIDs(for: account.viewer) == [5])
            // The new key is the one from now on: the next start needs no flag.
            #expect(try await Self.serve(home).listened)
            #expect(try Data(contentsOf: Self.keyFile(home)) == key)
        }
        let usage = try await CLI.run(["serve", "--reset-accounts"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--reset-accounts go with --accounts"))
    }

    @Test func accountsForgetDeletesOneAccountAndNothingElse() async throws {
        try await withHome { home in
            #expect(try await Self.serve(home).listened)
            let monas = try await Self.seedAccount(home, id: 5, login: "mona")
            let hubots = try await Self.seedAccount(home, id: 6, login: "hubot")
            let database = try AppDatabase.open(directory: Self.data(home))
            try await database.addFavorite(makeRepository(9, "o/local"), for: .owner, at: Date())

            let forgot = try await CLI.run(["accounts", "forget", "MONA"], home: home)
            #expect(forgot.status == 0, "\(forgot.stderr)")
            #expect(forgot.stdout == "Forgot mona: its token, 1 favourite, 0 updates and every session.\n")
            #expect(try await database.account(login: "mona") == nil)
            #expect(try await database.account(key: AccountKey("#5")) == nil)
            #expect(try await database.favoriteIDs(for: Viewer(stored: "#5")).isEmpty)
            #expect(try await database.session(secret: monas) == nil)
            #expect(try await database.account(login: "hubot")?.sealedToken.isEmpty == false)
            #expect(try await database.favoriteIDs(for: Viewer(stored: "#6")) == [6])
            #expect(try await database.session(secret: hubots)?.account == "#6")
            #expect(try await database.favoriteIDs(for: .owner) == [9])

            let again = try await CLI.run(["accounts", "forget", "mona"], home: home)
            #expect(again.status == 1)
            #expect(again.stdout.isEmpty)
            #expect(again.stderr == "starscope: This server has no account called mona.\n")
            let bad = try await CLI.run(["accounts", "forget", "../x"], home: home)
            #expect(bad.status == 2)

            // A mistyped --data-dir says so and leaves nothing behind there.
            let elsewhere = home.appendingPathComponent("mistyped")
            let typo = try await CLI.run(["accounts", "forget", "hubot", "--data-dir", elsewhere.path], home: home)
            #expect(typo.status == 1)
            #expect(typo.stderr == "starscope: There is no Starscope data in \(elsewhere.path): check --data-dir.\n")
            #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
            #expect(try await database.account(login: "hubot") != nil)
        }
    }
}

extension AccountsKeyCommandTests {
    @Test func accountsForgetWorksOnATeamsPostgreSQL() async throws {
        let url = try await TestPostgres.newDatabase()
        let store = try await PostgresStore.open(url: url)
        defer { store.close() }
        for (id, login) in [(Int64(5), "mona"), (6, "hubot")] {
            let key = try await store.signIn(userID: id, login: login, sealedToken: Data([1]), at: Date()).account.key
            _ = try await store.addFavorite(makeRepository(id, "o/\(login)"), for: .account(key), at: Date())
        }
        try await withHome { home in
            let forgot = try await CLI.run(["accounts", "forget", "mona", "--database", url], home: home)
            #expect(forgot.status == 0, "\(forgot.stderr)")
            #expect(forgot.stdout == "Forgot mona: its token, 1 favourite, 0 updates and every session.\n")
            #expect(!forgot.stdout.contains("postgres://") && !forgot.stderr.contains("postgres://"))
            // The variable works as --database does.
            let again = try await CLI.run(["accounts", "forget", "mona"], environment: ["STARSCOPE_DATABASE_URL": url], home: home)
            #expect(again.status == 1)
            #expect(again.stderr == "starscope: This server has no account called mona.\n")
        }
        #expect(try await store.account(login: "mona") == nil)
        #expect(try await store.favoriteIDs(for: Viewer(stored: "#5")).isEmpty)
        #expect(try await store.favoriteIDs(for: Viewer(stored: "#6")) == [6])
    }
}
