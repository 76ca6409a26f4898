import Foundation
import StarscopeModels

// `Repository` and `SearchResults` decoding: any body decodes or fails with an error (never
// traps), and a repository that decodes encodes back to GitHub's fields and decodes to itself.

let decoder = JSONDecoder.gitHub()
let encoder = JSONEncoder.gitHub()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    if let repository = try? decoder.decode(Repository.self, from: data) {
        roundTrip(repository)
    }
    if let results = try? decoder.decode(SearchResults<Repository>.self, from: data) {
        precondition(results.skippedItems >= 0)
        results.items.forEach(roundTrip)
    }
    _ = try? decoder.decode([Repository].self, from: data)
    return 0
}

func roundTrip(_ repository: Repository) {
    do {
        let again = try decoder.decode(Repository.self, from: encoder.encode(repository))
        precondition(again == repository, "\(repository.fullName) changed on the way back")
    } catch {
        preconditionFailure("\(repository.fullName) does not decode from its own encoding: \(error)")
    }
}
