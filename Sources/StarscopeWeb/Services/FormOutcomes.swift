import Foundation
import StarscopeStore
import Synchronization

/// What a form's POST did, kept a few minutes for the page its 303 redirect leads to (POST → 303 →
/// GET), so that reloading that page shows the outcome again without sending the form twice.
/// Each outcome is kept under a random id for the account that posted it, in this process's
/// memory: an id from elsewhere, expired or of another account shows nothing (the change itself,
/// kept in the store, still shows).
final class FormOutcomes<Value: Sendable>: Sendable {
    static var keepFor: TimeInterval { 600 }
    /// At most this many kept at once; the oldest go first.
    static var capacity: Int { 1_000 }

    private struct Entry: Sendable {
        var viewer: Viewer
        var until: Date
        var value: Value
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Keeps `value` for `viewer`; the id to put in the redirect's address.
    func keep(_ value: Value, for viewer: Viewer, now: Date = Date()) -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        entries.withLock { entries in
            if entries.count >= Self.capacity {
                entries = entries.filter { $0.value.until > now }
                while entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.until < $1.value.until }) {
                    entries.removeValue(forKey: oldest.key)
                }
            }
            entries[id] = Entry(viewer: viewer, until: now + Self.keepFor, value: value)
        }
        return id
    }

    /// The outcome kept as `id` for `viewer`, while it is kept.
    func value(_ id: String?, for viewer: Viewer, now: Date = Date()) -> Value? {
        guard let id, id.utf8.count <= 40 else { return nil }
        return entries.withLock { entries in
            guard let entry = entries[id], entry.until > now, entry.viewer == viewer else { return nil }
            return entry.value
        }
    }
}
