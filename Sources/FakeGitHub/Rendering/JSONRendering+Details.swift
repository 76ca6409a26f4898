import Foundation
import StarscopeModels

/// GitHub's JSON for a repository's README, releases, contributors and languages.
extension JSONRendering {
    func readme(_ markdown: String, path: String, repository: FakeRepository) -> JSONValue {
        let data = Data(markdown.utf8)
        // GitHub wraps the base64 at 60 characters, with a newline after each line.
        let base64 = data.base64EncodedString()
        var wrapped = ""
        var index = base64.startIndex
        while index < base64.endIndex {
            let end = base64.index(index, offsetBy: 60, limitedBy: base64.endIndex) ?? base64.endIndex
            wrapped += base64[index..<end] + "\n"
            index = end
        }
        let sha = String(format: "%016llx%016llx%08x", UInt64(bitPattern: repository.id), UInt64(data.count), data.count)
        let branch = repository.defaultBranch
        let url = "\(apiBase)/repos/\(repository.fullName)/contents/\(path)?ref=\(branch)"
        let html = "https://github.com/\(repository.fullName)/blob/\(branch)/\(path)"
        let git = "\(apiBase)/repos/\(repository.fullName)/git/blobs/\(sha)"
        return .object([
            "type": .string("file"), "encoding": .string("base64"), "size": number(data.count), "name": .string("README.md"),
            "path": .string(path), "content": .string(wrapped), "sha": .string(sha), "url": .string(url),
            "git_url": .string(git), "html_url": .string(html),
            "download_url": .string("https://raw.githubusercontent.com/\(repository.fullName)/\(branch)/\(path)"),
            "_links": .object(["self": .string(url), "git": .string(git), "html": .string(html)]),
        ])
    }

    func release(_ release: FakeRelease, repository: FakeRepository) -> JSONValue {
        let url = "\(apiBase)/repos/\(repository.fullName)/releases/\(release.id)"
        return .object([
            "url": .string(url),
            "html_url": .string("https://github.com/\(repository.fullName)/releases/tag/\(release.tagName)"),
            "assets_url": .string("\(url)/assets"),
            "upload_url": .string("https://uploads.github.com/repos/\(repository.fullName)/releases/\(release.id)/assets{?name,label}"),
            "tarball_url": .string("\(apiBase)/repos/\(repository.fullName)/tarball/\(release.tagName)"),
            "zipball_url": .string("\(apiBase)/repos/\(repository.fullName)/zipball/\(release.tagName)"),
            "id": number(release.id),
            "node_id": .string("RE_kwDO\(release.id)"),
            "tag_name": .string(release.tagName),
            "target_commitish": .string("main"),
            "name": optional(release.name),
            "draft": .bool(release.draft),
            "prerelease": .bool(release.prerelease),
            "created_at": date(release.publishedAt),
            "published_at": date(release.publishedAt),
            "author": accountSummary(release.author),
            "assets": .array([]),
            "body": .string(release.body),
        ])
    }

    func contributor(_ account: FakeAccount, contributions: Int) -> JSONValue {
        guard case .object(var members) = accountSummary(account) else { return .null }
        members["contributions"] = number(contributions)
        return .object(members)
    }

    /// `{"Swift": 123, …}` largest first, as GitHub orders it (written by hand: the encoder sorts keys).
    static func languages(_ languages: [(name: String, bytes: Int)]) -> Data {
        let members = languages.map { FakeResponse.jsonString($0.name) + ":" + String($0.bytes) }
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }
}
