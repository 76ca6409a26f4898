import Foundation
import StarscopeStore

/// What a form's POST did, kept a few minutes for the page its 303 redirect leads to (POST → 303 →
/// GET), so that reloading that page shows the outcome again without sending the form twice.
/// Each outcome is kept in the store (`FormOutcomesStore`) under a random id for the viewer who
/// posted it, so that whichever instance behind a proxy serves the redirect shows it. An id
/// from elsewhere, expired, of another kind or of another viewer shows nothing (the change
/// itself, kept in the store, still shows); so does an outcome the store could not keep.
struct FormOutcomes<Value: Codable & Sendable>: Sendable {
    static var keepFor: TimeInterval { 600 }

    /// Which form's outcomes these are: an id of one kind never reads another kind's.
    let kind: String
    let store: any Store

    /// Keeps `value` for `viewer`; the id to put in the redirect's address.
    func keep(_ value: Value, for viewer: Viewer, now: Date = Date()) async -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        if let data = try? JSONEncoder().encode(value) {
            try? await store.keepFormOutcome(data, id: kind + " " + id, for: viewer, until: now + Self.keepFor, now: now)
        }
        return id
    }

    /// The outcome kept as `id` for `viewer`, while it is kept.
    func value(_ id: String?, for viewer: Viewer, now: Date = Date()) async -> Value? {
        guard let id, !id.isEmpty, id.utf8.count <= 40 else { return nil }
        guard let data = try? await store.formOutcome(id: kind + " " + id, for: viewer, now: now) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }
}

/// What imports, syncs, Lists, stars and refused tokens did, each for the page its form's
/// redirect leads to; kept in the store, so that every instance over it shows them.
struct FormOutcomeSet: Sendable {
    let imports: FormOutcomes<FavoritesPage.ImportOutcome>
    let syncs: FormOutcomes<FavoritesPage.SyncResult>
    let lists: FormOutcomes<ListsSyncOutcome>
    let tokenRefusals: FormOutcomes<String>
    let stars: FormOutcomes<RepositoryPage.StarOutcome>

    init(store: any Store) {
        imports = FormOutcomes(kind: "import", store: store)
        syncs = FormOutcomes(kind: "sync", store: store)
        lists = FormOutcomes(kind: "lists", store: store)
        tokenRefusals = FormOutcomes(kind: "token", store: store)
        stars = FormOutcomes(kind: "star", store: store)
    }
}
