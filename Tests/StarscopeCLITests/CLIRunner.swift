import Foundation
import StarscopeTestSupport
import Testing

/// Runs the built `starscope` binary, as a user or a script would.
struct CLIResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Set when the process had to be killed for running too long.
    var timedOut: Bool

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

enum CLI {
    /// `.build/<triple>/debug/starscope`, beside the test bundle; `STARSCOPE_BIN` overrides it.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["STARSCOPE_BIN"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("starscope")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/starscope")
            .standardized
    }()

    /// Runs `starscope arguments` with a clean environment (no token, UTC, a private HOME) plus `environment`.
    static func run(
        _ arguments: [String],
        api: URL? = nil,
        environment: [String: String] = [:],
        timeout: Duration = .seconds(60),
        viaShell: Bool = false,
        home sharedHome: URL? = nil,
        stdin: Data? = nil
    ) async throws -> CLIResult {
        let home = sharedHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("starscope-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { if sharedHome == nil { try? FileManager.default.removeItem(at: home) } }
        var env = [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
        ]
        if let api { env["STARSCOPE_API_URL"] = api.absoluteString }
        env.merge(environment) { _, new in new }

        let executable = viaShell ? "/bin/sh" : binary.path
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        let nullDevice = FileHandle(forReadingAtPath: "/dev/null") ?? FileHandle.nullDevice
        defer { try? nullDevice.close() }
        let child = try SpawnedProcess(
            executable: executable, arguments: arguments, environment: env,
            stdin: stdin == nil ? nullDevice.fileDescriptor : input.fileHandleForReading.fileDescriptor,
            stdout: output.fileHandleForWriting.fileDescriptor, stderr: errors.fileHandleForWriting.fileDescriptor)
        // The child has its own copies: ours would keep the pipes open after it ends.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        try? input.fileHandleForReading.close()
        if let stdin {
            Thread.detachNewThread {
                input.fileHandleForWriting.write(stdin)
                try? input.fileHandleForWriting.close()
            }
        } else {
            try? input.fileHandleForWriting.close()
        }
        // Blocking reads and the wait run on their own threads: on the cooperative pool (two
        // threads on two cores) they would starve the fake GitHub that answers the binary.
        async let stdout = readToEnd(output.fileHandleForReading)
        async let stderr = readToEnd(errors.fileHandleForReading)
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            child.terminate()
            return true
        }
        let status = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: child.waitForExit()) }
        }
        watchdog.cancel()
        let timedOut = (try? await watchdog.value) ?? false
        return CLIResult(
            status: status,
            stdout: String(decoding: await stdout, as: UTF8.self),
            stderr: String(decoding: await stderr, as: UTF8.self),
            timedOut: timedOut
        )
    }
}

private func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: handle.readAllRetryingInterrupts()) }
    }
}

/// A private HOME (and so data and config directories) shared by several runs, removed afterwards.
func withHome<T>(_ body: (URL) async throws -> T) async throws -> T {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    return try await body(home)
}

/// Decodes `--json` output into loose JSON objects.
func jsonArray(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
