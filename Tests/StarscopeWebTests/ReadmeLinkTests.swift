import Foundation
import Testing

@testable import StarscopeWeb

/// A README's links and images, from HTML as GitHub really sends it (`application/vnd.github.html`):
/// the repository's own files site-relative to github.com, external images through camo,
/// anchors as `user-content-` ids. Each must come out as the file GitHub would show.
@Suite struct ReadmeLinkTests {
    static func wrapped(_ body: String, path: String = "README.md") -> String {
        #"<div id="readme" class="md" data-path="\#(path)"><article class="markdown-body entry-content container-lg" itemprop="text">"#
            + body + "</article></div>"
    }

    static func sanitizer(branch: String = "main", html: String) -> HTMLSanitizer {
        HTMLSanitizer(
            owner: "octo", name: "kit", branch: branch, readmePath: HTMLSanitizer.readmePath(in: html) ?? "README.md",
            imageSource: RepositorySectionsPart.imageSource)
    }

    static func clean(branch: String = "main", _ html: String) -> String {
        sanitizer(branch: branch, html: html).sanitize(html).markup
    }

    /// Every `href` and `src` in the output, in order.
    static func urls(_ markup: String, attribute: String) -> [String] {
        markup.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    @Test func rootRelativeLinksAndImagesAreTheRepositorysOwnFiles() {
        let html = Self.wrapped(
            #"""
            <div class="markdown-heading" dir="auto"><h1 tabindex="-1" class="heading-element" dir="auto">kit</h1><a id="user-content-kit" class="anchor" aria-label="Permalink: kit" href="#kit"><svg class="octicon octicon-link" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="m7.775 3.275"></path></svg></a></div>
            <p dir="auto"><a href="https://github.com/octo/kit/actions"><img src="https://camo.githubusercontent.com/5e1f0c9d2a/68747470733a2f2f696d672e736869656c64732e696f2f62" alt="Build" data-canonical-src="https://img.shields.io/b.svg" style="max-width: 100%;"></a></p>
            <p dir="auto">See the <a href="/octo/kit/blob/main/docs/GUIDE.md">guide</a>, the <a href="/octo/kit/blob/main/CHANGELOG.md#v2">changes</a>, <a href="/octo/kit/tree/main/Sources">the sources</a>, <a href="/swiftlang/swift">Swift</a> and <a href="#usage">usage</a>.</p>
            <p dir="auto"><a target="_blank" rel="noopener noreferrer" href="/octo/kit/blob/main/assets/screenshot.png"><img src="/octo/kit/raw/main/assets/screenshot.png" alt="Screenshot" style="max-width: 100%;"></a></p>
            <p dir="auto"><a target="_blank" rel="noopener noreferrer" href="https://user-images.githubusercontent.com/1/abc.png"><img src="https://user-images.githubusercontent.com/1/abc.png" alt="Demo" style="max-width: 100%;"></a></p>
            """#)
        let output = Self.clean(html)
        #expect(
            Self.urls(output, attribute: "href") == [
                "#user-content-kit", "https://github.com/octo/kit/actions", "https://github.com/octo/kit/blob/main/docs/GUIDE.md",
                "https://github.com/octo/kit/blob/main/CHANGELOG.md#v2", "https://github.com/octo/kit/tree/main/Sources",
                "https://github.com/swiftlang/swift", "#user-content-usage", "https://github.com/octo/kit/blob/main/assets/screenshot.png",
                "https://user-images.githubusercontent.com/1/abc.png",
            ])
        #expect(
            Self.urls(output, attribute: "src") == [
                "https://camo.githubusercontent.com/5e1f0c9d2a/68747470733a2f2f696d672e736869656c64732e696f2f62",
                "https://raw.githubusercontent.com/octo/kit/main/assets/screenshot.png",
                "https://user-images.githubusercontent.com/1/abc.png",
            ])
        #expect(output.contains(##"<a id="user-content-kit" class="anchor" aria-label="Permalink: kit" href="#user-content-kit">"##))
        #expect(!output.contains("octo/kit/blob/main/octo/kit"))
        #expect(!output.contains("octo/kit/main/octo/kit"))
    }

    @Test func aReadmeInAFolderOnAnotherBranch() {
        let html = Self.wrapped(
            #"""
            <p dir="auto"><a href="/octo/kit/blob/trunk/docs/setup.md">setup</a> <a href="setup.md">neighbour</a> <a href="./img/">folder</a> <a href="../LICENSE">licence</a> <a href="../../../../evil">up</a></p>
            <p dir="auto"><img src="/octo/kit/raw/trunk/docs/img/a.png" alt="A"><img src="img/b.png" alt="B"><img src="../logo.svg" alt="C"></p>
            """#, path: "docs/README.md")
        #expect(HTMLSanitizer.readmePath(in: html) == "docs/README.md")
        let output = Self.clean(branch: "trunk", html)
        #expect(
            Self.urls(output, attribute: "href") == [
                "https://github.com/octo/kit/blob/trunk/docs/setup.md", "https://github.com/octo/kit/blob/trunk/docs/setup.md",
                "https://github.com/octo/kit/blob/trunk/docs/img/", "https://github.com/octo/kit/blob/trunk/LICENSE",
                "https://github.com/octo/evil",
            ])
        #expect(
            Self.urls(output, attribute: "src") == [
                "https://raw.githubusercontent.com/octo/kit/trunk/docs/img/a.png",
                "https://raw.githubusercontent.com/octo/kit/trunk/docs/img/b.png",
                "https://raw.githubusercontent.com/octo/kit/trunk/logo.svg",
            ])
    }

    @Test func spacesAndUnicodeInPaths() {
        let html = Self.wrapped(
            #"""
            <p dir="auto"><a href="/octo/kit/blob/dev/docs/My%20Guide.md">encoded</a> <a href="docs/My Guide.md">spaced</a> <a href="文档/说明.md#用法">unicode</a> <a href="/octo/kit/blob/dev/%E6%96%87%E6%A1%A3/%E8%AF%B4%E6%98%8E.md">as GitHub sends it</a></p>
            <p dir="auto"><img src="/octo/kit/raw/dev/img/%E5%9B%BE%20one.png" alt="encoded"><img src="img/图 two.png" alt="raw"></p>
            """#)
        let output = Self.clean(branch: "dev", html)
        #expect(
            Self.urls(output, attribute: "href") == [
                "https://github.com/octo/kit/blob/dev/docs/My%20Guide.md", "https://github.com/octo/kit/blob/dev/docs/My%20Guide.md",
                "https://github.com/octo/kit/blob/dev/%E6%96%87%E6%A1%A3/%E8%AF%B4%E6%98%8E.md#%E7%94%A8%E6%B3%95",
                "https://github.com/octo/kit/blob/dev/%E6%96%87%E6%A1%A3/%E8%AF%B4%E6%98%8E.md",
            ])
        #expect(
            Self.urls(output, attribute: "src") == [
                "https://raw.githubusercontent.com/octo/kit/dev/img/%E5%9B%BE%20one.png",
                "https://raw.githubusercontent.com/octo/kit/dev/img/%E5%9B%BE%20two.png",
            ])
    }

    @Test func filesOnGitHubShownAsImagesAreTheirRawFiles() {
        let output = Self.clean(
            #"""
            <img src="https://github.com/octo/kit/blob/main/img/a.png?raw=true" alt="a"><img src="https://github.com/octo/kit/raw/release/2.x/img/b.png" alt="b"><img src="//github.com/octo/kit/blob/main/c.png" alt="c"><img src="/user-attachments/assets/3f2a" alt="d"><img src="/octo/kit/blob/main" alt="e">
            """#)
        #expect(
            Self.urls(output, attribute: "src") == [
                "https://raw.githubusercontent.com/octo/kit/main/img/a.png",
                "https://raw.githubusercontent.com/octo/kit/release/2.x/img/b.png",
                "https://raw.githubusercontent.com/octo/kit/main/c.png", "https://github.com/user-attachments/assets/3f2a",
                "https://github.com/octo/kit/blob/main",
            ])
    }

    @Test func theReadmesPathComesOnlyFromGitHubsOuterElement() {
        #expect(HTMLSanitizer.readmePath(in: Self.wrapped("<p>x</p>", path: "docs/README.md")) == "docs/README.md")
        #expect(HTMLSanitizer.readmePath(in: "\n  " + Self.wrapped("", path: ".github/README.md")) == ".github/README.md")
        #expect(HTMLSanitizer.readmePath(in: "<p>x</p>" + Self.wrapped("", path: "docs/README.md")) == nil)
        #expect(HTMLSanitizer.readmePath(in: #"<div id="other" data-path="docs/README.md">"#) == nil)
        #expect(HTMLSanitizer.readmePath(in: "<h1>plain</h1>") == nil)
        // A path cannot lead the folder out of the repository.
        #expect(HTMLSanitizer.folder(of: "../../x/../README.md") == "x/")
        #expect(HTMLSanitizer.folder(of: "README.md") == "")
        #expect(HTMLSanitizer.folder(of: "my docs/README.md") == "my%20docs/")
    }
}
