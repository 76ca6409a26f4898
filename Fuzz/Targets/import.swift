import Foundation
import StarscopeModels

@testable import StarscopeStore

// The favourites import decoder: any file is either refused with one sentence or read into
// entries, each a repository whose name GitHub would accept and matches its owner and name.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    do {
        let (entries, rejected) = try FavoritesArchive.parse(data)
        for (number, entry) in entries {
            let repository = entry.repository
            precondition(number >= 1 && repository.id > 0, "entry \(number)")
            precondition(repository.fullName == repository.owner.login + "/" + repository.name, repository.fullName)
        }
        for (number, reason) in rejected { precondition(number >= 1 && !reason.isEmpty) }
    } catch {
        precondition(!error.message.isEmpty)
    }
    return 0
}
