import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeStore
import Testing

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
                try await database.observe([repo], at: now - ago)
            }
            let json = try await CLI.run(["rising", "--since", "week", "--json", "--offline"], home: home)
            #expect(json.status == 0, "\(json.stderr)")
            let items = try jsonArray(json.stdout)
            #expect(items.compactMap { $0["full_name"] as? String } == ["owner/b", "owner/a"])
            #expect(items.compactMap { $0["stars_gained"] as? Int } == [95, 30])
            #expect(items.first?["gained_since"] is String)
            // Three days of history do not cover a week: it says so.
            #expect(json.stderr.contains("covers only the last 3 days"))
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
                let process = Process()
                process.executableURL = CLI.binary
                process.arguments = ["repo", repo.fullName, "--watch"]
                process.environment = [
                    "HOME": home.path, "PATH": "/usr/bin:/bin", "STARSCOPE_API_URL": url.absoluteString, "STARSCOPE_LIVE_INTERVAL": "0.5",
                    "GH_TOKEN": FakeGitHub.octocatToken,
                ]
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                defer { if process.isRunning { process.terminate() } }
                try await Task.sleep(for: .seconds(2))
                await fake.setStars(repo.fullName, to: repo.stars + 42)
                var seen = ""
                for _ in 0..<40 where !seen.contains("(+42)") {
                    try await Task.sleep(for: .milliseconds(250))
                    let data = output.fileHandleForReading.availableDataNonBlocking()
                    seen += String(decoding: data, as: UTF8.self)
                }
                #expect(seen.contains("\(repo.fullName)  ★ \((repo.stars + 42).formatted())  (+42)"), "\(seen)")
            }
        }
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
