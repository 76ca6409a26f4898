import Foundation
import Testing

@testable import StarscopeStore

/// The token file refuses a token that is not printable ASCII, both ways, without showing it.
@Suite struct TokenFileValidationTests {
    @Test func malformedTokensAreNeitherWrittenNorRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = TokenFile(directory: directory)
        #expect(throws: StoreError.self) { try file.write("ghp_x\u{1}y") }
        #expect(!FileManager.default.fileExists(atPath: file.url.path))

        try file.write("ghp_good")
        #expect(try file.read() == "ghp_good")

        try Data("ghp_bad\u{1}token\n".utf8).write(to: file.url)
        let error = #expect(throws: StoreError.self) { try file.read() }
        #expect(error?.message.contains("contains characters a GitHub token cannot have (a control character)") == true)
        #expect(error?.message.contains("ghp_bad") == false)
        #expect(try file.delete())
    }
}
