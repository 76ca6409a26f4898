import Foundation
import Testing

/// What the layers promise, read from the source tree: the web app knows the store's interface
/// only, no entry point lends a forgotten viewer the owner's eyes, and the audience rule is
/// applied behind the store's interface alone (`ViewedGitHub` is the door the use cases read through).
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
}
