import HTTPTypes
import Hummingbird
import StarscopeModels

/// An answer sent in two steps: the page up to its sections marker at once, then the sections
/// when they are ready, then the rest. Browsers show the first part while the second is fetched.
///
/// On a shared store (a team behind a proxy) the answer goes out whole, once the sections are
/// ready: a proxy can send a request again to another instance only while nothing of its answer
/// has reached the browser, so an instance that dies mid-answer must not have begun one.
enum SectionsStream {
    static func response(
        _ page: HTML, policy: String, whole: Bool, marker: HTML = RepositoryPage.sectionsMarker,
        sections: @escaping @Sendable () async -> HTML
    ) async -> Response {
        let markup = page.markup
        guard let cut = markup.firstUTF8Range(of: marker.markup) else {
            return Response(status: page.status, headers: headers(policy), body: .init(byteBuffer: ByteBuffer(string: markup)))
        }
        // The page's bytes go into the answer's buffers once, not through two strings first.
        return await response(
            head: ByteBuffer(substring: markup[..<cut.upperBound]), tail: ByteBuffer(substring: markup[cut.upperBound...]),
            status: page.status, policy: policy, whole: whole, sections: sections)
    }

    /// The page in two buffers, cut just after its marker.
    private static func response(
        head: ByteBuffer, tail: ByteBuffer, status: HTTPResponse.Status, policy: String, whole: Bool,
        sections: @escaping @Sendable () async -> HTML
    ) async -> Response {
        if whole {
            let middle = await sections().markup
            var body = ByteBuffer()
            body.reserveCapacity(head.readableBytes + middle.utf8.count + tail.readableBytes)
            body.writeImmutableBuffer(head)
            body.writeString(middle)
            body.writeImmutableBuffer(tail)
            return Response(status: status, headers: headers(policy), body: .init(byteBuffer: body))
        }
        return Response(
            status: status, headers: headers(policy),
            body: ResponseBody { writer in
                try await writer.write(head)
                try await writer.write(ByteBuffer(string: await sections().markup))
                try await writer.write(tail)
                try await writer.finish(nil)
            })
    }

    /// The whole page: `page` with `sections` after its marker, as the answer sends it.
    static func joined(_ page: HTML, sections: HTML, marker: HTML = RepositoryPage.sectionsMarker) -> String {
        let markup = page.markup
        guard let cut = markup.firstUTF8Range(of: marker.markup) else { return markup }
        return String(markup[..<cut.upperBound]) + sections.markup + String(markup[cut.upperBound...])
    }

    /// The answer's headers, under `policy`.
    static func headers(_ policy: String) -> HTTPFields {
        if policy == SecurityMiddleware.policy { return appHeaders }
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] = policy
        return headers
    }

    /// The headers of a page under the app's own policy, made (and checked) once.
    private static let appHeaders = HTTPFields([
        HTTPField(name: .contentType, value: "text/html; charset=utf-8"), HTTPField(name: .cacheControl, value: "no-cache"),
        SecurityMiddleware.policyField,
    ])
}
