import AsyncHTTPClient
import Foundation
import StarscopePostgres
import StarscopeSQLite
import StarscopeStore
import StarscopeWeb

/// Where `serve` puts the app together: it opens the store its settings name (a team's
/// PostgreSQL with `--database`, else SQLite in the data directory), keeps avatars on this
/// server's own disk, and hands both to the web app, which knows only the store's interface.
public enum ServeAssembly {
    /// The store `settings` name. With `--accounts`, `accounts.key` is checked against it first
    /// (`AccountsKey.prepare`): a missing, replaced or unreadable key stops the start unless
    /// `settings.resetAccounts`.
    public static func services(settings: WebSettings, httpClient: HTTPClient) async throws -> WebServices {
        let store: any Store
        if let url = settings.databaseURL {
            store = try await PostgresStore.open(url: url)
        } else {
            store = try AppDatabase.open(directory: settings.dataDirectory)
        }
        var vault: TokenVault?
        if settings.accounts {
            vault = try await AccountsKey.prepare(store: store, directory: settings.configDirectory, reset: settings.resetAccounts)
        }
        return try services(settings: settings, httpClient: httpClient, store: store, vault: vault)
    }

    /// The web app's services over `store`, with avatar files indexed by this server's own SQLite
    /// file whatever the store (a team's instances each keep their own).
    public static func services(settings: WebSettings, httpClient: HTTPClient, store: any Store, vault: TokenVault? = nil) throws
        -> WebServices
    {
        let local = try (store as? AppDatabase) ?? AppDatabase.open(directory: settings.dataDirectory)
        let avatars = AvatarCache(
            database: local, directory: settings.dataDirectory.appendingPathComponent("avatars"), maximumBytes: settings.avatarBytes,
            download: WebServices.avatarDownload(settings: settings, httpClient: httpClient))
        return try WebServices(settings: settings, httpClient: httpClient, store: store, avatars: avatars, vault: vault)
    }
}
