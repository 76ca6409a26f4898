import Foundation

extension AtomFeed {
    /// The feed as an Atom 1.0 document (UTF-8), every text escaped by `XML`.
    var document: String { xml.markup }

    var xml: XML {
        let subtitle: XML = self.subtitle.map { "<subtitle>\($0)</subtitle>\n" } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
            <id>\(id)</id>
            <title>\(title)</title>
            \(subtitle)<updated>\(Self.timestamp(updated))</updated>
            <link rel="self" type="application/atom+xml" href="\(selfURL)"/>
            <link rel="alternate" type="text/html" href="\(alternateURL)"/>
            <author><name>\(Self.author)</name></author>
            <generator>\(Self.generator)</generator>
            \(entries.map(\.view))</feed>

            """
    }

    /// RFC 3339 in UTC, to the second: `2026-11-24T02:25:38Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension AtomFeed.Entry {
    var view: XML {
        let published: XML = self.published.map { "<published>\(AtomFeed.timestamp($0))</published>\n" } ?? ""
        let author: XML =
            self.author.flatMap { name -> XML? in
                let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
                // An author needs a name: text that escaping would empty leaves the feed's author.
                guard !XML.escape(name).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
                let uri: XML = authorURI.flatMap(AtomFeed.webLink).map { "<uri>\($0)</uri>" } ?? ""
                return "<author><name>\(name)</name>\(uri)</author>\n"
            } ?? ""
        let categories = categories.filter { !XML.escape($0).isEmpty }.map { term -> XML in "<category term=\"\(term)\"/>\n" }
        return """
            <entry>
            <id>\(id)</id>
            <title type="text">\(title)</title>
            <link rel="alternate" type="text/html" href="\(link)"/>
            <updated>\(AtomFeed.timestamp(updated))</updated>
            \(published)\(author)<summary type="text">\(summary)</summary>
            \(categories)</entry>

            """
    }
}
