import StarscopeCore

extension ListsSyncOutcome {
    /// The outcome's line, as a notice or (when it failed) an alert.
    var view: HTML {
        failed
            ? "<p class=\"error-state lists-result\" role=\"alert\">\(sentence)</p>"
            : "<p class=\"notice lists-result\" role=\"status\">\(sentence)</p>"
    }

    /// The form, on Favourites and Settings: sync both ways, or also push tags out as Lists.
    static func form(_ context: PageContext, returnTo: String) -> HTML {
        """
        <form class="lists-sync" method="post" action="\(SiteURL.favoritesSyncLists.href)">
        <input type="hidden" name="csrf" value="\(context.csrf)">
        <input type="hidden" name="return" value="\(returnTo)">
        <button type="submit">Sync with GitHub Lists</button>
        <button type="submit" name="push" value="1">Sync, and make every tag a List</button>
        </form>
        """
    }
}
