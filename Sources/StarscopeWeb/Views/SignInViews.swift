import Hummingbird

/// The sign-in page in its three states.
enum SignInViews {
    enum State { case prompt, refused, throttled }

    static func page(_ state: State, context: PageContext) -> HTML {
        let message: HTML =
            switch state {
            case .prompt:
                "<p>This Starscope server asks you to sign in. Open the sign-in link that <code>starscope serve</code> printed in its terminal (or scan its QR code with your phone).</p>"
            case .refused:
                "<p role=\"alert\">This sign-in link has been used already or has expired. Each link works once, for ten minutes: use the newest link the server printed.</p>"
            case .throttled:
                "<p role=\"alert\">Too many sign-in attempts. Wait a minute, then open the newest link the server printed.</p>"
            }
        return Layout.page(
            title: "Sign in",
            context: context,
            main: """
                <section class="settings signin">
                <h1>Sign in</h1>
                \(message)
                </section>
                """)
    }
}
