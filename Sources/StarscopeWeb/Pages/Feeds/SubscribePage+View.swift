import HTTPTypes

extension SubscribePage {
    func document(_ context: PageContext) -> HTML {
        let main: HTML = """
            <section class="list-pane single subscribe" aria-labelledby="list-title">
            <div class="list-head"><h1 id="list-title">Follow “\(title)” in a feed reader</h1></div>
            <p>This list is also an Atom feed. Paste its address into a feed reader (NetNewsWire, Feedly, Inoreader, \
            Thunderbird, …) to see what is new there without opening Starscope.</p>
            <label for="feed-url">Feed address</label>
            <div class="copy-row"><input id="feed-url" type="url" readonly value="\(url)" data-copy-source>\
            <button type="button" data-copy="feed-url" hidden>Copy</button></div>
            <p class="copy-status muted" role="status"></p>
            <p><a class="inline" href="\(path)" type="application/atom+xml">Open the feed itself</a> (XML, for feed readers).</p>
            </section>
            """
        return Layout.page(
            title: "Follow \(title)", context: context, main: main, feed: Layout.Feed(title: title, href: path), assets: .subscribe
        )
    }
}
