import Foundation
import GitHubAPI

/// A transport that answers from a script and counts what it was asked, to test the cache alone.
final class StubTransport: GitHubTransport, @unchecked Sendable {
    enum Answer {
        case response(status: Int, headers: [String: String], body: String)
        case failure(GitHubError)
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private(set) var requests: [GitHubRequest] = []

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    var count: Int { lock.withLock { requests.count } }
    var lastRequest: GitHubRequest? { lock.withLock { requests.last } }

    func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        let answer: Answer? = lock.withLock {
            requests.append(request)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
        let url = (try? request.url(relativeTo: StubTransport.base)) ?? StubTransport.base
        switch answer {
        case .response(let status, let headers, let body)?:
            return GitHubResponse(status: status, headers: headers, body: Data(body.utf8), url: url)
        case .failure(let error)?:
            throw error
        case nil:
            throw .offline(reason: "no scripted answer left")
        }
    }

    static let base = URL(string: "https://api.github.com")!
}
