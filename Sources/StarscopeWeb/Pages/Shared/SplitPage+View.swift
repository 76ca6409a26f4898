extension SplitPage {
    func document(_ context: PageContext) -> HTML {
        let live: HTML = list.liveList.map { " data-live-list=\"\($0)\"" } ?? ""
        let main: HTML = """
            <div class="split\(detail == nil ? "" : " has-detail")" data-list="\(origin.url.href)" data-title="\(list.title) · Starscope">
            <section class="list-pane" aria-labelledby="list-title"\(live)\(origin.section == .favorites ? " data-offline-keep" : "")>
            \(Components.pullIndicator)
            \(Components.rowsStart)\(list.pane(context))\(Components.rowsEnd)
            </section>
            <section class="detail-pane" aria-label="Repository detail">\(detail?.view(context) ?? "")</section>
            </div>
            """
        return Layout.page(
            title: detail?.name.description ?? list.title, context: context, main: main, feed: detail == nil ? list.feed : nil,
            search: list.searchInForce,
            assets: list.assets + (detail == nil ? .none : .detail))
    }
}
