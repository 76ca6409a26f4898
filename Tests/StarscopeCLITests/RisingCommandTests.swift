import FakeGitHub
import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// `starscope rising` and `--watch`.
@Suite struct RisingCommandTests {
    @Test func risingRanksRecordedGainsWithTheirSpan() async throws {
        try await withHome { home in
            let database = try AppDatabase.open(directory: home.appendingPathComponent("data/starscope"))
            let now = Date()
            for (id, name, ago, stars) in [(1, "a", 3.0 * 86_400, 10), (1, "a", 600.0, 40), (2, "b", 3.0 * 86_400, 5), (2, "b", 60.0, 100)]
            {
                var repo = makeRepository(Int64(id), "owner/\(name)")
                repo.stargazersCount = stars
                try await database.observe([repo], for: .owner, at: now - ago)
            }
            let json = try await CLI.run(["rising", "--since", "week", "--json", "--offline"], home: home)
            #expect(json.status == 0, "\(json.stderr)")
            let items = try jsonArray(json.stdout)
            #expect(items.compactMap { $0["full_name"] as? String } == ["owner/b", "owner/a"])
            #expect(items.compactMap { $0["stars_gained"] as? Int } == [95, 30])
            #expect(items.first?["gained_since"] is String)
            #expect(items.compactMap { $0["gained_from"] as? String } == ["starscope", "starscope"])
            // Three days of history do not cover a week: it says so.
            #expect(json.stderr.contains("covers only the last 3 days"))
            // With GitHub's newest weeks kept for b (as a background round or --breaking-out keeps
            // them), b's week comes from GitHub's daily counts, and says so.
            var b = makeRepository(2, "owner/b")
            b.stargazersCount = 100
            let today = CivilDate.dayNumber(of: now)
            let weeks = starWeeks(from: today - 13, through: today, perDay: 20, count: 2)
            try await database.saveRecentStarWeeks(of: b, weeks: weeks, at: now)
            let mixed = try await CLI.run(["rising", "--since", "week", "--json", "--offline"], home: home)
            let gains = try jsonArray(mixed.stdout)
            #expect(gains.compactMap { $0["stars_gained"] as? Int } == [140, 30])
            #expect(gains.compactMap { $0["gained_from"] as? String } == ["github", "starscope"])
            #expect(mixed.stderr.contains("(1 of 2) come from GitHub's star history"), "\(mixed.stderr)")
            let marked = try await CLI.run(["rising", "--since", "week"], home: home)
            #expect(marked.stdout.contains("7d 0h GitHub"), "\(marked.stdout)")
            let table = try await CLI.run(["rising", "--since", "day"], home: home)
            #expect(table.stdout.contains("GAINED"))
            #expect(table.stdout.contains("No repository") || table.stdout.contains("+"))
            let empty = try await CLI.run(
                ["rising"], home: FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID())"))
            #expect(empty.status == 0)
            #expect(empty.stderr.contains("Not enough history yet"))
        }
    }

    @Test func watchPrintsStarChangesAsTheyHappen() async throws {
        var configuration = smallConfiguration()
        configuration.maxAge = 0
        try await withHome { home in
            try await FakeGitHub.with(configuration) { fake, url in
                let repo = try #require(fake.dataset.repositories.first)
                let output = Pipe()
                let errors = Pipe()
                let process = try SpawnedProcess.start(
                    CLI.binary.path, ["repo", repo.fullName, "--watch"],
                    environment: [
                        "HOME": home.path, "PATH": "/usr/bin:/bin", "STARSCOPE_API_URL": url.absoluteString,
                        "STARSCOPE_LIVE_INTERVAL": "0.5", "GH_TOKEN": FakeGitHub.octocatToken,
                    ], stdout: output, stderr: errors)
                defer {
                    process.terminate()
                    _ = process.waitForExit()
                }
                let seen = Transcript()
                @Sendable func read() async -> String {
                    await seen.append(String(decoding: output.fileHandleForReading.availableDataNonBlocking(), as: UTF8.self))
                }
                // The change is made once the first count is out, however long the start took.
                let started = try await eventually { await read().contains(repo.fullName) }
                let startText = await seen.text
                let startErrors = String(decoding: errors.fileHandleForReading.availableDataNonBlocking(), as: UTF8.self)
                #expect(started, "stdout: \(startText)\nstderr: \(startErrors)")
                // …and the first check, which sets the baseline, has been answered.
                let requestsBefore = await fake.requests().count
                _ = try await eventually { await fake.requests().count > requestsBefore }
                await fake.setStars(repo.fullName, to: repo.stars + 42)
                _ = try await eventually { await read().contains("(+42)") }
                let seenText = await seen.text
                #expect(seenText.contains("\(repo.fullName)  ★ \(GroupedNumber.format(repo.stars + 42))  (+42)"), "\(seenText)")
            }
        }
    }
}

/// What a running command has printed so far.
actor Transcript {
    private(set) var text = ""

    /// Adds `chunk` and returns everything so far.
    func append(_ chunk: String) -> String {
        text += chunk
        return text
    }
}

extension FileHandle {
    /// What can be read now, without waiting.
    func availableDataNonBlocking() -> Data {
        let descriptor = fileDescriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = Glibc.read(descriptor, &buffer, buffer.count), count > 0 {
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
