import HTTPTypes

extension AccountsHomePage {
    func document(_ context: PageContext) -> HTML {
        let hint: HTML =
            isGuest
            ? "<p>Guests browse without an account of their own: open any user or organisation by its login.</p>"
            : "<p>Open any user or organisation by its login. With a GitHub token (in <a class=\"inline\" href=\"\(SiteURL.settings(saved: false).href)\">Settings</a>), this tab opens your own account.</p>"
        let main: HTML = """
            <section class="list-pane single" aria-labelledby="list-title">
            \(Components.listHead("Accounts"))
            \(hint)
            \(AccountViews.switcher(""))
            </section>
            """
        return Layout.page(title: "Accounts", context: context, main: main)
    }
}
