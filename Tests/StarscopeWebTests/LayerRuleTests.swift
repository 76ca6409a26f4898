import Foundation
import Testing

/// What the layers promise, read from the source tree: the web app knows the store's interface
/// only, no entry point lends a forgotten viewer the owner's eyes, and the audience rule is
/// applied behind the store's interface alone (`ViewedGitHub` is the door the use cases read through);
/// no controller calls another controller or the store.
@Suite struct LayerRuleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Sources/folder` with its text.
    static func sources(_ folder: String = "") throws -> [(name: String, text: String)] {
        let top = root.appendingPathComponent("Sources").appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            found.append((file.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: file, encoding: .utf8)))
        }
        return found
    }

    @Test func theWebAppImportsNeitherDatabase() throws {
        let files = try Self.sources("StarscopeWeb")
        #expect(files.count > 50)
        let offenders = files.filter { $0.text.contains("import StarscopeSQLite") || $0.text.contains("import StarscopePostgres") }
        #expect(offenders.map(\.name) == [])
        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let web = try #require(package.range(of: "name: \"StarscopeWeb\""))
        let dependencies = package[web.upperBound...].prefix { $0 != "]" }
        #expect(dependencies.contains("\"StarscopeStore\""))
        #expect(!dependencies.contains("\"StarscopeSQLite\"") && !dependencies.contains("\"StarscopePostgres\""))
    }

    @Test func noViewerDefaultsToTheOwner() throws {
        var offenders: [String] = []
        for (name, text) in try Self.sources() {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(/[^=!<>]=\s*\.owner\b/) {
                offenders.append("\(name):\(index + 1)")
            }
        }
        #expect(offenders == [])
    }

    /// The audience rule's names: called, or passed as a function, anywhere but in a comment.
    static var ruleNames: Regex<(Substring, Substring?, Substring?, Substring?)> {
        // Simple word boundaries: Unicode's would not break `viewer.mayRead` at its dot.
        /\b(mayRead|everyoneMayRead|repositorySearch)\b|\b(readable|shows|visible)\(|[(:,]\s*(readable|shows|visible)\s*[),]/
            .wordBoundaryKind(.simple)
    }

    @Test func theAudienceRuleIsAppliedInTheStoreTargetsOnly() throws {
        let stores = ["Sources/StarscopeStore/", "Sources/StarscopeSQLite/", "Sources/StarscopePostgres/"]
        var offenders: [String] = []
        var inStores = 0
        for (name, text) in try Self.sources() {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(Self.ruleNames) {
                if stores.contains(where: name.hasPrefix) { inStores += 1 } else { offenders.append("\(name):\(index + 1)") }
            }
        }
        #expect(inStores >= 3)
        #expect(offenders == [])
    }

    @Test func theRuleNamesAreSeenWhereverTheyAreCalled() {
        for line in [
            "viewer.mayRead(repository)", "guard shows($0) else", "keep: shows)", "let v = visible(items)", "Viewer.everyoneMayRead",
        ] {
            #expect(line.contains(Self.ruleNames), "\(line)")
        }
        for line in ["body.readableBytes", "it shows the page", "let shown = items", "admits(request)"] {
            #expect(!line.contains(Self.ruleNames), "\(line)")
        }
    }

    @Test func noControllerCallsAnotherControllerOrTheStore() throws {
        let files = try Self.sources("StarscopeWeb")
        let wiring = ["Sources/StarscopeWeb/Services/WebServices+Controllers.swift", "Sources/StarscopeWeb/WebApplication.swift"]
        #expect(files.filter { $0.name.hasPrefix("Sources/StarscopeWeb/Controllers/") }.count > 10)
        var offenders: [String] = []
        // Controllers and the list panes they share read the store through use cases only.
        let readers = ["Sources/StarscopeWeb/Controllers/", "Sources/StarscopeWeb/Panes/"]
        for (name, text) in files where !wiring.contains(name) {
            let file = String(name.split(separator: "/").last ?? "")
            let lines = Self.sidewaysCalls(in: text, file: file, store: readers.contains(where: name.hasPrefix))
            offenders += lines.map { "\(name):\($0)" }
        }
        #expect(offenders == [])
    }

    @Test func sidewaysCallsAreSeenAndCommentsAreNot() {
        let calls = """
            /// Calls `HistoryController.history` and `reading.database`.
            struct RepositoryController {
                let lists: ListModels  // beside TrendingController's
                let trending: TrendingController
                func page() async {
                    _ = await HistoryController.history(of: repository, reading: reading)
                    _ = try? await reading.database?.favorites(for: viewer, tag: nil)
                    let databaseUp = true
                }
            }
            extension RepositoryController {}
            extension StarsController {}
            func held(_ store: any Store) {}
            """
        #expect(Self.sidewaysCalls(in: calls, file: "RepositoryController.swift", store: true) == [4, 6, 7, 12, 13])
        #expect(Self.sidewaysCalls(in: calls, file: "RepositoryController.swift", store: false) == [4, 6, 12])
        #expect(Self.sidewaysCalls(in: "extension HistoryController {}", file: "HistoryController+Embeds.swift", store: true) == [])
        let comment = "/// Whose stream it is (`LiveController.owner`)"
        #expect(Self.sidewaysCalls(in: comment, file: "LiveHub.swift", store: true) == [])
        let support = "struct SupportController { let ping: () throws(StoreError) -> Void }"
        #expect(Self.sidewaysCalls(in: support, file: "SupportControllers.swift", store: true) == [])
    }

    /// The lines of a web source file, outside comments, that name a controller other than its
    /// own (one it declares, or the one its name extends: `HistoryController+Embeds.swift`), or,
    /// with `store`, reach the store itself (`database`, `any Store`) rather than through a use case.
    static func sidewaysCalls(in text: String, file: String, store checksStore: Bool) -> [Int] {
        // Each line up to its comment.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.range(of: "//").map { line[..<$0.lowerBound] } ?? line)
        }
        // Simple word boundaries: Unicode's would not break `HistoryController.history` at its dot.
        let controller = /\b[A-Z]\w*Controller\b/.wordBoundaryKind(.simple)
        let declared = /\b(?:struct|enum|class|actor)\s+([A-Z]\w*Controller)\b/.wordBoundaryKind(.simple)
        let store = /\bdatabase\b|\bany\s+Store\b/.wordBoundaryKind(.simple)
        var own: Set<Substring> = [Substring(file.prefix { $0 != "+" && $0 != "." })]
        for line in lines { for match in line.matches(of: declared) { own.insert(match.output.1) } }
        var found: [Int] = []
        for (index, line) in lines.enumerated()
        where line.matches(of: controller).contains(where: { !own.contains($0.output) }) || (checksStore && line.contains(store)) {
            found.append(index + 1)
        }
        return found
    }

    @Test func noClassOrActorHoldsMoreThanTwelveStoredProperties() throws {
        var counted = 0
        var offenders: [String] = []
        for (name, text) in try Self.sources() {
            for (type, count) in Self.storedProperties(text) {
                counted += 1
                if count > 12 { offenders.append("\(name): \(type) holds \(count)") }
            }
        }
        #expect(counted > 20)
        #expect(offenders == [])
    }

    @Test func storedPropertiesAreCountedAndComputedOnesAreNot() {
        let text = """
            final class A: Sendable {
                let a: Int
                var b = 2
                private let c = Mutex(0)
                static let d = 4
                var e: Int { a }
                var f: Int {
                    a
                }
                func g() { let h = 1 }
                struct Inner { let i: Int }
            }
            """
        #expect(Self.storedProperties(text).map(\.count) == [3])
    }

    /// Each class and actor in `text` with the number of stored instance properties its body declares.
    static func storedProperties(_ text: String) -> [(type: String, count: Int)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.split(separator: "//").first ?? "") }
        let declaration = /^\s*(?:(?:public|package|private|fileprivate|internal|final|open|nonisolated)\s+)*(?:class|actor)\s+(\w+)/
        let property =
            /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private(?:\(set\))?|fileprivate|internal|nonisolated|weak|unowned|lazy)\s+)*(let|var)\s+\w+/
        var found: [(String, Int)] = []
        for (start, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: declaration) else { continue }
            var depth = 0
            var opened = false
            var count = 0
            for body in lines[start...] {
                if opened, depth == 1, let stored = body.firstMatch(of: property), !body.contains("static ") {
                    let computed = stored.output.1 == "var" && body.contains("{") && !(body.split(separator: "{").first ?? "").contains("=")
                    if !computed { count += 1 }
                }
                depth += body.filter { $0 == "{" }.count - body.filter { $0 == "}" }.count
                if body.contains("{") { opened = true }
                if opened, depth <= 0 { break }
            }
            found.append((String(match.output.1), count))
        }
        return found
    }
}
