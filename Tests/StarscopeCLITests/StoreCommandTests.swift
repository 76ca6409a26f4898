import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// The store seen from the terminal: cache, offline answers, favourites and the token.
@Suite struct StoreCommandTests {
    @Test func secondTrendingRunWithinTheWindowAsksNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with { fake, url in
                let first = try await CLI.run(["trending", "--since", "week", "--limit", "300", "--json"], api: url, home: home)
                #expect(first.status == 0)
                #expect(await fake.requests().count == 3)
                // To a pipe, one line with GitHub's names in sorted order, "favorite" among them.
                #expect(first.stdout.hasPrefix("[{\"archived\":false,\"created_at\":\""))
                #expect(first.stdout.split(separator: "\n").count == 1)
                #expect(first.stdout.contains(",\"favorite\":false,\"fork\":"))
                let name = try #require(try jsonArray(first.stdout).first?["full_name"] as? String)
                let directory = home.appendingPathComponent("data/starscope")
                let seen = try #require(try await AppDatabase.open(directory: directory).snapshot(fullName: name, for: .owner)).fetchedAt
                let second = try await CLI.run(["trending", "--since", "week", "--limit", "300", "--json"], api: url, home: home)
                #expect(second.status == 0)
                #expect(second.stdout == first.stdout)
                #expect(await fake.requests().count == 3)
                // Saved answers hold nothing new, so the second run records nothing either.
                let seenAgain = try #require(try await AppDatabase.open(directory: directory).snapshot(fullName: name, for: .owner))
                    .fetchedAt
                #expect(seenAgain == seen)
            }
        }
    }

    @Test func rerunsAfterMaxAgeAreConditionalAndFreeWithAToken() async throws {
        var configuration = smallConfiguration()
        configuration.maxAge = 1
        try await withHome { home in
            try await FakeGitHub.with(configuration) { fake, url in
                let token = ["GH_TOKEN": FakeGitHub.octocatToken]
                let repo = try #require(fake.dataset.repositories.first { $0.ownerLogin == "swiftlang" })
                for arguments in [["repos", "swiftlang", "--json"], ["repo", repo.fullName, "--json"]] {
                    let first = try await CLI.run(arguments, api: url, environment: token, home: home)
                    #expect(first.status == 0, "\(first.stderr)")
                    let remaining = await fake.rateLimit(token: FakeGitHub.octocatToken).remaining
                    try await Task.sleep(for: .milliseconds(1_200))
                    await fake.clearRequests()
                    let second = try await CLI.run(arguments, api: url, environment: token, home: home)
                    #expect(second.status == 0)
                    #expect(second.stdout == first.stdout)
                    let requests = await fake.requests()
                    #expect(!requests.isEmpty)
                    #expect(requests.allSatisfy { $0.conditional && $0.status == 304 }, "\(requests)")
                    #expect(await fake.rateLimit(token: FakeGitHub.octocatToken).remaining == remaining)
                }
            }
        }
    }

    @Test func withGitHubGoneSavedAnswersAreShownWithANotice() async throws {
        var configuration = smallConfiguration()
        configuration.maxAge = 1
        try await withHome { home in
            let (url, repo) = try await FakeGitHub.with(configuration) { fake, url in
                let repo = try #require(
                    fake.dataset.repositories.first { !$0.fork && $0.ownerLogin == "octocat" } ?? fake.dataset.repositories.first)
                #expect(try await CLI.run(["trending", "--since", "month"], api: url, home: home).status == 0)
                #expect(try await CLI.run(["repo", repo.fullName], api: url, home: home).status == 0)
                #expect(try await CLI.run(["favorites", "add", repo.fullName], api: url, home: home).status == 0)
                return (url, repo)
            }
            // The fake has stopped: nothing listens at `url` any more, and the answers are past max-age.
            try await Task.sleep(for: .milliseconds(1_100))
            for arguments in [["trending", "--since", "month"], ["repo", repo.fullName], ["favorites", "list"]] {
                let result = try await CLI.run(arguments, api: url, environment: ["STARSCOPE_SEARCH_FRESHNESS": "0"], home: home)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout.contains(repo.fullName) || arguments[0] == "trending")
                #expect(result.stderrLines.count == 1)
                #expect(result.stderr.hasPrefix("offline: showing results from "), "\(arguments): \(result.stderr)")
                // …naming what is stale.
                let subject = arguments[0] == "trending" ? "search results" : repo.fullName
                #expect(result.stderr.contains("(") && result.stderr.contains(subject), "\(arguments): \(result.stderr)")
            }
            let nothingSaved = try await CLI.run(["user", "octocat"], api: url, home: home)
            #expect(nothingSaved.status == 1)
            #expect(nothingSaved.stderr.contains("Could not reach GitHub"))
        }
    }

    @Test func offlineOpensNoConnectionAtAll() async throws {
        let listener = try Listener()
        try await withHome { home in
            let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)"))
            let missing = try await CLI.run(["repo", "swiftlang/swift", "--offline"], api: url, home: home)
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("offline"))
            let favorites = try await CLI.run(["favorites", "list", "--offline"], api: url, home: home)
            #expect(favorites.status == 0)
            let trending = try await CLI.run(["trending", "--offline"], api: url, home: home)
            #expect(trending.status == 1)
        }
        #expect(listener.pendingConnections() == 0)
    }

    @Test func favouritesRoundTripThroughExportAndImport() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let picks = Array(fake.dataset.repositories.prefix(3))
                for repo in picks {
                    let added = try await CLI.run(["favorites", "add", repo.fullName], api: url, home: home)
                    #expect(added.stdout == "Added \(repo.fullName) to your favourites.\n")
                }
                let marked = try jsonObject(try await CLI.run(["repo", picks[0].fullName, "--json"], api: url, home: home).stdout)
                #expect(marked["favorite"] as? Bool == true)
                let export = try await CLI.run(["favorites", "export"], api: url, home: home)
                #expect(try jsonObject(export.stdout)["format"] as? String == "starscope-favorites")
                let removed = try await CLI.run(["favorites", "remove", picks[1].fullName], api: url, home: home)
                #expect(removed.status == 0)
                let notThere = try await CLI.run(["favorites", "remove", picks[1].fullName], api: url, home: home)
                #expect(notThere.status == 1)
                let file = home.appendingPathComponent("favorites.json")
                try Data(export.stdout.utf8).write(to: file)
                let imported = try await CLI.run(["favorites", "import", file.path], api: url, home: home)
                #expect(imported.stdout == "Imported 1 favourite; 2 already there.\n")
                let list = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(Set(list.compactMap { $0["full_name"] as? String }) == Set(picks.map(\.fullName)))
                #expect(list.allSatisfy { $0["favorite"] as? Bool == true })
                let bad = try await CLI.run(["favorites", "import", "-"], api: url, home: home, stdin: Data("[{\"id\": 1}]".utf8))
                #expect(bad.status == 0)
                #expect(bad.stderr.contains("skipped entry 1"))
            }
        }
    }

    /// A file of millions of tiny entries is refused once the count passes the limit, before any
    /// entry is built: the import holds little more memory than one of an empty file.
    @Test func millionsOfTinyEntriesAreRefusedWithoutTheirMemory() async throws {
        try await withHome { home in
            let empty = home.appendingPathComponent("empty.json")
            try Data("[]".utf8).write(to: empty)
            let zeros = home.appendingPathComponent("zeros.json")
            let chunk = Data(String(repeating: "0,", count: 100_000).utf8)
            var file = Data("[".utf8)
            for _ in 0..<39 { file.append(chunk) }
            file.append(Data("0]".utf8))
            try file.write(to: zeros)
            let baseline = try await Self.importMeasured(empty, home: home)
            #expect(baseline.result.status == 0)
            let refused = try await Self.importMeasured(zeros, home: home)
            #expect(refused.result.status == 2)
            #expect(
                refused.result.stderrLines.first
                    == "starscope: This file cannot be imported: it has more than 10000 entries and Starscope imports at most 10000 at once; split it into smaller files."
            )
            // The file is 7.8 MB; read as a tree of JSON values it took over 600 MB.
            #expect(
                refused.peakKilobytes < baseline.peakKilobytes + 40_000, "\(refused.peakKilobytes) KB against \(baseline.peakKilobytes) KB")
        }
    }

    /// `favorites import FILE` under GNU time, which reports the most memory the import held at
    /// once (the kernel's count for a process it forked itself; a child spawned from this test
    /// process would start from the test process's own peak).
    static func importMeasured(_ file: URL, home: URL) async throws -> (result: CLIResult, peakKilobytes: Int) {
        let report = home.appendingPathComponent("time-\(UUID().uuidString).txt")
        let command =
            "exec /usr/bin/time -f %M -o '\(report.path)' '\(CLI.binary.path)' favorites import '\(file.path)' --api-url http://127.0.0.1:9"
        let result = try await CLI.run(["-c", command], viaShell: true, home: home)
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        return (result, Int(lines.last ?? "") ?? Int.max)
    }

    @Test func killedImportLeavesNoPartialFavourite() async throws {
        try await withHome { home in
            let data = home.appendingPathComponent("data/starscope")
            // Earlier favourites, then an import of 1,000 more killed at different moments.
            let database = try AppDatabase.open(directory: data)
            for id in 1...5 { try await database.addFavorite(makeRepository(Int64(id), "earlier/r\(id)"), for: .owner) }
            let file = home.appendingPathComponent("thousand.json")
            let repositories = (1...1_000).map { makeRepository(Int64(10_000 + $0), "many/repo\($0)") }
            try Data(jsonArray(repositories) { $0.writeJSON(to: &$1) }).write(to: file)
            var sawKilledMidway = false
            for delay in [5, 15, 30, 45, 60, 80, 100, 130, 160, 200] {
                let child = try SpawnedProcess.start(
                    CLI.binary.path, ["favorites", "import", file.path, "--data-dir", data.path, "--api-url", "http://127.0.0.1:9"],
                    environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
                try await Task.sleep(for: .milliseconds(delay))
                kill(child.pid, SIGKILL)
                if child.waitForTermination().signal != nil { sawKilledMidway = true }
                let reopened = try AppDatabase.open(directory: data)
                #expect(try await reopened.isIntact())
                let favorites = try await reopened.favorites(for: .owner)
                #expect(favorites.count == 5 || favorites.count == 1_005, "partial import: \(favorites.count)")
                #expect((1...5).allSatisfy { id in favorites.contains { $0.repository.id == Int64(id) } })
                if favorites.count == 1_005 {
                    for id in 10_001...11_000 { _ = try await reopened.removeFavorite(fullName: "many/repo\(id - 10_000)", for: .owner) }
                }
            }
            #expect(sawKilledMidway)
        }
    }

    @Test func tokenIsStoredPrivatelyAndNeverShown() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { _, url in
                let token = FakeGitHub.octocatToken
                let login = try await CLI.run(["auth", "login"], api: url, home: home, stdin: Data((token + "\n").utf8))
                #expect(login.status == 0, "\(login.stderr)")
                #expect(login.stdout.contains("as octocat"))
                #expect(login.stdout.contains("5,000"))
                let file = home.appendingPathComponent("config/starscope/token")
                #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
                #expect(
                    try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions] as? Int
                        == 0o700)
                var outputs = [login]
                let status = try await CLI.run(["auth", "status"], api: url, home: home)
                #expect(status.stdout.contains("Logged in to 127.0.0.1 as octocat."))
                #expect(status.stdout.contains("of 5,000 left"))
                outputs.append(status)
                outputs.append(try await CLI.run(["trending", "--json"], api: url, home: home))
                outputs.append(try await CLI.run(["repo", "octocat/nope"], api: url, home: home))
                outputs.append(
                    try await CLI.run(["auth", "status"], api: url, environment: ["GH_TOKEN": "ghp_wrongwrongwrong"], home: home))
                #expect(outputs.last?.status == 1)
                let logout = try await CLI.run(["auth", "logout"], api: url, home: home)
                #expect(logout.stdout.contains("Logged out"))
                outputs.append(logout)
                #expect(!FileManager.default.fileExists(atPath: file.path))
                for output in outputs {
                    #expect(!output.stdout.contains(token) && !output.stderr.contains(token))
                    #expect(!output.stderr.contains("ghp_wrongwrongwrong"))
                }
                let rejected = try await CLI.run(["auth", "login"], api: url, home: home, stdin: Data("ghp_not_a_real_one\n".utf8))
                #expect(rejected.status == 1)
                #expect(rejected.stderr.contains("rejected the token"))
                #expect(!FileManager.default.fileExists(atPath: file.path))
            }
        }
    }
}

func makeRepository(_ id: Int64, _ fullName: String) -> StarscopeModels.Repository {
    let parts = fullName.split(separator: "/").map(String.init)
    return Repository(
        id: id, name: parts[1], fullName: fullName, owner: Account(id: id, login: parts[0]),
        htmlURL: "https://github.com/\(fullName)", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}

/// A TCP listener that accepts nothing, to prove that no connection was attempted.
final class Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Connections made to the listener and waiting to be accepted.
    func pendingConnections() -> Int {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var count = 0
        while case let client = accept(descriptor, nil, nil), client >= 0 {
            close(client)
            count += 1
        }
        return count
    }

    deinit { close(descriptor) }
}
