import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

/// Bogus, traversal-like and oversized route input gets a 400 or 404 page, never a 500.
@Suite struct RouteInputTests {
    static let long = String(repeating: "a", count: 20_000)

    @Test(arguments: [
        ("/repos/a/b/c", 404), ("/repos/..%2F../x", 404), ("/repos/%00/x", 404), ("/users/%2e%2e", 404), ("/users/a/activity/x", 404),
        ("/assets/%2e%2e%2fPackage.swift", 404), ("/?since=", 400), ("/?page=0", 400), ("/?page=99999999999999999999", 400),
        ("/?language=\(long)", 400), ("/?q=\(long)", 400), ("/users?since=-5", 400), ("/users?since=abc", 400), ("/rising?since=x", 400),
        ("/live", 400), ("/live?repo=../x", 400), ("/live?list=/users/x?page=0", 400), ("/open", 400), ("/users/go?login=\(long)", 400),
    ])
    func badInputIsRefusedWithAPage(uri: String, status: Int) async throws {
        try await WebHarness.run { web in
            let response = try await web.get(uri)
            #expect(Int(response.status.code) == status, "\(uri.prefix(60))")
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func avatarsOfForbiddenSchemesGetTheBuiltInImage() async throws {
        try await WebHarness.run { web in
            for source in ["file:///etc/passwd", "gopher://x", "http://169.254.169.254/latest", ""] {
                let response = try await web.get("/avatar?src=\(source.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("<svg"))
            }
            #expect(await web.fake.requests().isEmpty)
        }
    }
}
