extension OfflinePage {
    func document(_ context: PageContext) -> HTML {
        Layout.page(
            title: "Offline",
            context: context,
            main: """
                <div class="error-state offline-state">
                <h1>Offline</h1>
                <p>Starscope cannot be reached, and this page was not saved on this device.</p>
                <p>Pages you opened, <a href="\(SiteURL.trending(TrendingList()).href)">New &amp; popular</a> and \
                <a href="\(SiteURL.favorites(FavoritesList()).href)">your favourites</a> are kept for offline use while you are signed in. \
                Favourites, tags and notes you change offline are sent when Starscope is back.</p>
                </div>
                """
        )
    }
}
