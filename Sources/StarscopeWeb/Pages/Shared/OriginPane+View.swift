extension OriginPane {
    func pane(_ context: PageContext) -> HTML {
        """
        <div class="list-head"><h1 id="list-title">\(title)</h1></div>
        <p><a class="button" href="\(origin.url.href)">Back to \(title)</a></p>
        """
    }
}
