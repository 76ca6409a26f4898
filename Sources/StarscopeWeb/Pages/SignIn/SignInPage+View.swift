import Hummingbird

extension SignInPage {
    func document(_ context: PageContext) -> HTML {
        let body: HTML =
            switch state {
            case .prompt:
                "<p>This Starscope server asks you to sign in. Open the sign-in link the server printed when it started, or scan its QR code with your phone's camera. Ask whoever runs it for a new link if yours has expired.</p>"
            case .refused:
                "<p role=\"alert\">This sign-in link has been used already or has expired. Each link works once, for ten minutes: use the newest link the server printed.</p>"
            case .throttled:
                "<p role=\"alert\">Too many sign-in attempts. Wait a minute, then try again.</p>"
            case .accounts(let error):
                Self.tokenForm(error: error, context: context, guests: guests)
            }
        return Layout.page(
            title: "Sign in",
            context: context,
            main: """
                <section class="settings signin">
                <h1>Sign in</h1>
                \(body)
                </section>
                """,
            navigation: false, assets: .settings)
    }

    static func tokenForm(error: String?, context: PageContext, guests: Bool) -> HTML {
        let guest: HTML =
            guests
            ? """
            <form method="post" action="\(SiteURL.signInGuest.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <p>No token? You can look around without one; favourites need a token.</p>
            <button type="submit">Browse as a guest</button>
            </form>
            """ : ""
        return """
            <p>Several people share this Starscope server. Sign in with your own GitHub token (no scopes needed): \
            your favourites, theme and token stay yours. The token is checked with GitHub, kept sealed on the server \
            and never shown again.</p>
            \(error.map { text -> HTML in "<p class=\"error-state\" role=\"alert\">\(text)</p>" } ?? "")
            <form method="post" action="\(SiteURL.signIn.href)" autocomplete="off">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <label for="token">Personal access token</label>
            <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="ghp_… or github_pat_…">
            <button type="submit">Sign in</button>
            </form>
            \(guest)
            """
    }
}
