import Foundation
import GRDB
import StarscopeStore

extension AppDatabase {
    /// What Starscope keeps only to be quick gives way to what a person keeps: on a full disk the
    /// avatar files go first (they are fetched again when shown), then GitHub's answers kept (asked
    /// again when needed), each only if the disk lets the deletion through.
    func giveWay() async {
        if let directory {
            let avatars = directory.appendingPathComponent("avatars")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: avatars.path)) ?? [] {
                try? FileManager.default.removeItem(at: avatars.appendingPathComponent(name))
            }
        }
        _ = try? await writer.write { db in try db.execute(sql: "DELETE FROM cachedResponse") }
    }
}
