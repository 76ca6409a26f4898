extension MessagePage {
    func document(_ context: PageContext) -> HTML {
        Layout.page(
            title: heading,
            context: context,
            main: """
                <div class="error-state\(status == .notFound ? " not-found" : "")">
                <h1>\(heading)</h1>
                <p>\(message)</p>
                <p><a class="button" href="\(back.href)">Back to \(backTitle)</a></p>
                </div>
                """
        )
    }
}
