import StarscopeCore
import StarscopeStore

extension SettingsPage {
    func document(_ context: PageContext) -> HTML {
        let remove: HTML =
            canRemoveToken
            ? """
            <form method="post" action="\(SiteURL.settingsTokenDelete.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <button type="submit" class="danger">Remove the saved token</button>
            </form>
            """ : ""
        let themes = PageContext.Theme.allCases.map { theme -> HTML in
            let label = theme.rawValue.prefix(1).uppercased() + theme.rawValue.dropFirst()
            return
                "<label class=\"choice\"><input type=\"radio\" name=\"theme\" value=\"\(theme.rawValue)\"\(theme == context.theme ? " checked" : "")> \(label)</label>"
        }
        let main: HTML = """
            <section class="settings">
            <h1>Settings</h1>
            \(Components.notice(message))
            \(error.map { text -> HTML in "<p class=\"error-state\" role=\"alert\">\(text)</p>" } ?? "")
            <h2>GitHub token</h2>
            \(tokenText)
            \(limitsList)
            \(ownsServerToken ? environmentNote ?? Self.tokenForm(csrf: context.csrf) : "")
            \(remove)
            \(context.signedIn ? Self.signOut(csrf: context.csrf, isAccount: canForget, isGuest: context.isReadOnly) : "")
            \(canSyncLists ? Self.listsSection(context) : "")
            <h2>Live star counts</h2>
            \(liveText)
            <h2>In the background</h2>
            \(backgroundText)
            <h2>Theme</h2>
            <form method="post" action="\(SiteURL.settingsTheme.href)" class="themes">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <fieldset><legend>Appearance</legend>\(themes)</fieldset>
            <button type="submit">Save theme</button>
            </form>
            </section>
            """
        return Layout.page(title: "Settings", context: context, main: main, assets: .settings)
    }

    static func listsSection(_ context: PageContext) -> HTML {
        """
        <h2>GitHub Lists</h2>
        <p>Your star Lists on GitHub are your tags here. Changing Lists needs the token's <code>user</code> scope.</p>
        \(ListsSyncOutcome.form(context, returnTo: SiteURL.Pattern.settings))
        """
    }

    var tokenText: HTML {
        switch token {
        case .guest:
            "<p>Browsing as a guest: nothing can be changed, and GitHub's limits are the server's.</p>"
        case .account(let login):
            "<p>Signed in as <strong>\(login)</strong> with your own token, checked with GitHub, sealed on this server and never shown again. Sign in again to replace it.</p>"
        case .server(let source, let owner?, _):
            "<p>Using a token \(source), belonging to <strong>\(owner)</strong>.</p>"
        case .server(let source, nil, let problem):
            "<p class=\"warning\">A token is \(source), but GitHub did not confirm it: \(problem ?? "it could not be checked.")</p>"
        case .none:
            "<p>No token: GitHub allows 60 requests an hour. A token (no scopes needed) raises that to 5,000.</p>"
        }
    }

    /// With the token from the environment, why there is no form to change it here.
    var environmentNote: HTML? {
        guard let name = environmentTokenName else { return nil }
        let saved: HTML = canRemoveToken ? " A token saved here is not used while it is set." : ""
        return """
            <p class="environment-token">The token comes from <code>\(name)</code> in the environment Starscope was started \
            with, and wins over any token saved here.\(saved) To use another, change <code>\(name)</code> and start Starscope again.</p>
            """
    }

    var limitsList: HTML {
        guard let limits else { return "<p class=\"muted\">GitHub's rate limits cannot be read right now.</p>" }
        let rows = limits.map { limit -> HTML in
            "<li>\(limit.label): \(GroupedNumber.format(limit.remaining)) of \(GroupedNumber.format(limit.limit)) left, resets at \(ClockTime.format(limit.reset))</li>"
        }
        return "<ul class=\"limits\">\(rows)</ul>"
    }

    var liveText: HTML {
        let share = Int((live.budget.share * 100).rounded())
        let next: HTML =
            live.nextCheckIn.map {
                "Next check in \(Int($0.rounded())) s for \(live.watching) open page\(live.watching == 1 ? "" : "s")."
            }
            ?? "No page is open, so nothing is being checked."
        // GitHub's own count, read for this page, is the newer: the live checks' older one is
        // told only when that cannot be read, and then said to be older.
        let seen =
            limits != nil
            ? []
            : ["core": "requests", "search": "searches"].sorted { $0.key < $1.key }.compactMap { resource, noun -> String? in
                live.lastLimits[resource].map { "\(GroupedNumber.format($0.remaining)) of \(GroupedNumber.format($0.limit)) \(noun)" }
            }
        let left: HTML =
            seen.isEmpty ? "" : " GitHub's limits cannot be read now; the last live check saw \(seen.joined(separator: " and ")) left."
        return """
            <p class="live-budget">Open pages are re-checked at most every \(Int(live.budget.minimumInterval)) s, spending at most \(share)% \
            of what remains of GitHub's rate limit, more slowly as it shrinks. \(next)\(left)</p>
            """
    }

    var backgroundText: HTML {
        guard let interval = backgroundInterval else {
            return "<p class=\"background\">Offline: nothing is checked in the background.</p>"
        }
        return """
            <p class="background">Every \(UpdatesPage.every(interval)), Starscope checks your favourites for \
            <a class="inline" href="\(SiteURL.updates.href)">updates</a> (with the other half of the live share, and not at all without \
            favourites) and records the star counts of the 100 most-starred new repositories of today, this week and this month, \
            three searches, so that <a class="inline" href="\(SiteURL.rising(RisingList()).href)">Rising</a> fills in while \
            nobody browses. Both pause while less than a tenth of GitHub's limit is left.</p>\(uncheckableText)
            """
    }

    /// The favourites the last rounds could not check, each with its reason, so the schedule
    /// above is not taken to cover them.
    var uncheckableText: HTML {
        guard !uncheckable.isEmpty else { return "" }
        let count = uncheckable.count
        let rows = uncheckable.map { problem -> HTML in
            """
            <li data-uncheckable="\(problem.fullName)"><strong>\(problem.fullName)</strong>: \(problem.problem) \
            <span class="muted">Since \(RelativeTime.day(problem.since)), last tried \(ClockTime.format(problem.checkedAt)).</span></li>
            """
        }
        return """

            <p class="background">\(count) favourite\(count == 1 ? "" : "s") could not be checked:</p>
            <ul class="uncheckable">\(rows)</ul>
            """
    }

    static func tokenForm(csrf: String) -> HTML {
        """
        <form method="post" action="\(SiteURL.settingsToken.href)" autocomplete="off">
        <input type="hidden" name="csrf" value="\(csrf)">
        <label for="token">Personal access token</label>
        <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="ghp_… or github_pat_…">
        <button type="submit">Check and save</button>
        </form>
        """
    }

    static func signOut(csrf: String, isAccount: Bool, isGuest: Bool) -> HTML {
        let everywhere: HTML =
            isGuest
            ? ""
            : """
            <form method="post" action="\(SiteURL.settingsSignOutEverywhere.href)">
            <input type="hidden" name="csrf" value="\(csrf)">
            <button type="submit">Sign out everywhere</button>
            </form>
            <p class="muted">Ends every session of \(isAccount ? "this account" : "this server"), on every device, this one included.</p>
            """
        let forget: HTML =
            isAccount
            ? """
            <h2>Forget me</h2>
            <p>Deletes your token, favourites, notes, tags, updates and sessions from this server. You are asked to confirm first.</p>
            <p><a class="button" href="\(SiteURL.settingsForget.href)">Forget me…</a></p>
            """ : ""
        let how = isAccount ? "Signed in with your GitHub token." : isGuest ? "Browsing as a guest." : "Signed in with a one-time link."
        return """
            <h2>This browser</h2>
            <p>\(how)</p>
            <form method="post" action="\(SiteURL.signOut.href)">
            <input type="hidden" name="csrf" value="\(csrf)">
            <button type="submit">Sign out</button>
            </form>
            \(everywhere)
            \(forget)
            """
    }
}
