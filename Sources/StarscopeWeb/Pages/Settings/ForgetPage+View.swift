import StarscopeCore

extension ForgetPage {
    func document(_ context: PageContext) -> HTML {
        let main: HTML = """
            <section class="settings">
            <h1>Forget me</h1>
            <p>This deletes everything this server keeps for <strong>\(login)</strong>: your sealed GitHub token, \
            \(GroupedNumber.format(favorites)) favourite\(favorites == 1 ? "" : "s") with their notes and tags, \
            \(GroupedNumber.format(updates)) update\(updates == 1 ? "" : "s"), and every session, this one included. \
            Your stars and repositories on GitHub stay as they are. It cannot be undone.</p>
            <form method="post" action="\(SiteURL.settingsForget.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="confirm" value="forget">
            <button type="submit" class="danger">Forget me</button>
            </form>
            <p><a class="button" href="\(SiteURL.settings(saved: false).href)">Keep my account</a></p>
            </section>
            """
        return Layout.page(title: "Forget me", context: context, main: main, assets: .settings)
    }
}
