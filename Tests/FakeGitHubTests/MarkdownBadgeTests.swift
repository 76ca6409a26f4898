import Testing

@testable import FakeGitHub

/// A badge that links elsewhere, `[![alt](image)](link)`, renders as GitHub's HTML does: one
/// anchor to the link around the bare image (through camo when external), not a broken link
/// whose label is `![alt` followed by stray text.
@Suite struct MarkdownBadgeTests {
    let site = MarkdownRendering.Site(fullName: "octo/tool", branch: "main", path: "README.md")

    @Test func anExternalBadgeInALinkIsOneAnchorAroundTheImage() {
        let html = MarkdownRendering.inline(
            "[![CI](https://ci.example/badge.svg)](https://ci.example/octo/tool) next", site: site)
        #expect(html.hasPrefix("<a href=\"https://ci.example/octo/tool\" rel=\"nofollow\"><img src=\"https://camo.githubusercontent.com/"))
        #expect(html.contains("alt=\"CI\" data-canonical-src=\"https://ci.example/badge.svg\" style=\"max-width: 100%;\"></a> next"))
        #expect(html.components(separatedBy: "<a ").count == 2)
        #expect(!html.contains("!["))
    }

    @Test func aRepositoryImageInALinkKeepsItsRawSourceAndTheLink() {
        let html = MarkdownRendering.inline("[![logo](docs/logo.png)](docs/guide.md)", site: site)
        #expect(
            html
                == "<a href=\"/octo/tool/blob/main/docs/guide.md\" rel=\"nofollow\"><img src=\"/octo/tool/raw/main/docs/logo.png\" alt=\"logo\" style=\"max-width: 100%;\"></a>"
        )
    }

    @Test func aBareImageStillLinksToItself() {
        let html = MarkdownRendering.inline("![logo](logo.png)", site: site)
        #expect(html.hasPrefix("<a target=\"_blank\" rel=\"noopener noreferrer\" href=\"/octo/tool/blob/main/logo.png\"><img"))
    }
}
