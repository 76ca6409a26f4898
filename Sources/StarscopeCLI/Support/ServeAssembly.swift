import AsyncHTTPClient
import Foundation
import ServiceLifecycle
import StarscopePostgres
import StarscopeSQLite
import StarscopeStore
import StarscopeWeb

/// Where `serve` puts the app together: it opens the store its settings name (a team's
/// PostgreSQL with `--database`, else SQLite in the data directory), keeps avatars on this
/// server's own disk, and hands both to the web app, which knows only the store's interface.
public enum ServeAssembly {
    /// The web app's services over the store `settings` name, and what else the app's service
    /// group runs: a team's PostgreSQL client. With `--accounts`, `accounts.key` is checked
    /// against the store first (`AccountsKey.prepare`): a missing, replaced or unreadable key
    /// stops the start unless `settings.resetAccounts`.
    public static func services(settings: WebSettings, httpClient: HTTPClient) async throws -> (
        services: WebServices, storeServices: [any Service]
    ) {
        guard let url = settings.databaseURL else {
            let store = try AppDatabase.open(directory: settings.dataDirectory)
            let vault = try await prepare(settings, store)
            return (try services(settings: settings, httpClient: httpClient, store: store, vault: vault), [])
        }
        // The schema migrated and the key checked on a client of their own, closed before the
        // server's client starts in the service group.
        let vault = try await PostgresStore.withStore(url: url) { store in try await prepare(settings, store) }
        let store = try await PostgresStore.connect(url: url)
        return (try services(settings: settings, httpClient: httpClient, store: store, vault: vault), [store.clientService])
    }

    /// With accounts, the vault whose key the store accepts.
    static func prepare(_ settings: WebSettings, _ store: any Store) async throws -> TokenVault? {
        guard settings.accounts else { return nil }
        return try await AccountsKey.prepare(store: store, directory: settings.configDirectory, reset: settings.resetAccounts)
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
