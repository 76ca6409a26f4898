import Foundation
import Testing

/// The tests run a debug build; what they cannot see is a release build's miscompile. Swift 6.3.1's
/// optimizer handed back corrupt values from task-group children that caught a typed error in
/// the closure itself (`group.addTask { do throws(E) { return (n, .success(…)) } catch { … } }`):
/// release builds dropped star-history pages after the first (a 6,861-star history showed 1,505)
/// and read New & popular's pages under a corrupt index. Children now call a method that returns
/// a `Result`; this holds every task group in `Sources` to that.
@Suite struct TaskGroupRuleTests {
    @Test func noChildTaskCatchesATypedErrorInItsOwnClosure() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        var offenders: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains(".addTask") {
                checked += 1
                if Self.childClosure(lines, from: index).contains(where: { $0.contains("do throws(") }) {
                    offenders.append("\(file.lastPathComponent):\(index + 1)")
                }
            }
        }
        #expect(checked >= 5)
        #expect(offenders == [])
    }

    @Test func theRuleSeesATypedCatchInAChild() {
        let lines: [Substring] = [
            "group.addTask {", "    do throws(GitHubError) {", "        return (n, .success(try await ask(n)))",
            "    } catch {", "        return (n, .failure(error))", "    }", "}", "do throws(StoreError) {",
        ]
        #expect(Self.childClosure(lines, from: 0).count == 7)
        #expect(Self.childClosure(lines, from: 0).contains { $0.contains("do throws(") })
        #expect(!Self.childClosure(["group.addTask { await work() }", "do throws(E) {"], from: 0).contains { $0.contains("do throws(") })
    }

    /// The lines of the closure that opens on line `start`, through its closing brace.
    static func childClosure(_ lines: [Substring], from start: Int) -> [Substring] {
        var depth = 0
        var opened = false
        for end in start..<lines.count {
            for character in lines[end] {
                if character == "{" { depth += 1; opened = true }
                if character == "}" { depth -= 1 }
            }
            if opened && depth <= 0 { return Array(lines[start...end]) }
        }
        return Array(lines[start...])
    }
}
