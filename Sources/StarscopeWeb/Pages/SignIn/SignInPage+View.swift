import Hummingbird

/// The sign-in page: with a one-time link (the default), or with a token (`--accounts`).
enum SignInViews {
    enum State {
        case prompt, refused, throttled
        /// `--accounts`: the token form, with why the last try failed.
        case accounts(error: String?)
    }

    static func page(_ state: State, context: PageContext, guests: Bool = false) -> HTML {
        let body: HTML =
            switch state {
            case .prompt:
                "<p>This Starscope server asks you to sign in. Open the sign-in link that <code>starscope serve</code> printed in its terminal (or scan its QR code with your phone).</p>"
            case .refused:
                "<p role=\"alert\">This sign-in link has been used already or has expired. Each link works once, for ten minutes: use the newest link the server printed.</p>"
            case .throttled:
                "<p role=\"alert\">Too many sign-in attempts. Wait a minute, then try again.</p>"
            case .accounts(let error):
                tokenForm(error: error, context: context, guests: guests)
            }
        return Layout.page(
            title: "Sign in",
            context: context,
            main: """
                <section class="settings signin">
                <h1>Sign in</h1>
                \(body)
                </section>
                """)
    }

    static func tokenForm(error: String?, context: PageContext, guests: Bool) -> HTML {
        let guest: HTML =
            guests
            ? """
            <form method="post" action="/signin/guest">
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
            <form method="post" action="/signin" autocomplete="off">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <label for="token">Personal access token</label>
            <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="ghp_… or github_pat_…">
            <button type="submit">Sign in</button>
            </form>
            \(guest)
            """
    }
}
