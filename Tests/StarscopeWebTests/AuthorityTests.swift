import Foundation
import Testing

@testable import StarscopeWeb

/// `Host` is read as bytes; it says what reading it as `Character`s said, on every value.
@Suite struct AuthorityTests {
    @Test func bytesReadTheSameAuthorityAsCharacters() {
        var samples = [
            "127.0.0.1:8080", "localhost", "LOCALHOST.:80", "[::1]:8080", "[::1]", "[fe80::1%25eth0]:1", "[::1]x", "[::1", "::1",
            "a:", ":80", "a:0", "a:00000", "a:00080", "a:+80", "a:-1", "a:080", "a:65535", "a:65536", "a:123456", "a..b", ".", "a.",
            "_a-b_", "a b", "a\r\nb",
            "a\tb", "a@b", "a/b", "ｌｏｃａｌｈｏｓｔ", "例え.jp", "e\u{301}.example", "٣:80", "a:٣", "a:\u{7F}", "\u{0}", "a\u{1F}b",
            String(repeating: "a", count: 300), String(repeating: "a", count: 301), "",
        ]
        var random = SystemRandomNumberGenerator()
        let pool = Array("aZz09-._:[]@/ \t\r\n\u{0B}\u{0C}\u{1C}\u{7F}\u{0}+é日ｆ٣\u{301}\u{85}\u{A0}%")
        for _ in 0..<20_000 {
            samples.append(String((0..<Int.random(in: 0...14, using: &random)).map { _ in pool.randomElement(using: &random) ?? "a" }))
        }
        for sample in samples {
            let read = Authority(Substring(sample))
            let reference = Self.characters(Substring(sample))
            #expect(read?.host == reference?.host && read?.port == reference?.port, "\(sample.debugDescription)")
        }
    }

    /// The reading before it went to bytes, kept as the oracle.
    static func characters(_ text: Substring) -> (host: String, port: Int?)? {
        guard !text.isEmpty, text.utf8.count <= 300, text.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "@" && $0 != "/" })
        else { return nil }
        var hostPart: Substring
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portPart = rest.dropFirst()
            }
            guard Authority.isIPv6(String(hostPart)) else { return nil }
        } else {
            let pieces = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = pieces[0]
            if pieces.count == 2 { portPart = pieces[1] }
            if hostPart.hasSuffix(".") { hostPart = hostPart.dropLast() }
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }) else {
                return nil
            }
        }
        var port: Int?
        if let portPart {
            guard (1...5).contains(portPart.count), portPart.allSatisfy(\.isASCII), let number = Int(portPart),
                (1...65_535).contains(number)
            else { return nil }
            port = number
        }
        return (hostPart.lowercased(), port)
    }
}
