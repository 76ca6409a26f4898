import Foundation
import StarscopeModels

// `Repository` and `SearchResults` decoding: any body decodes or fails with an error (never
// traps), and a repository that decodes is written back by its one writer (`writeJSON`) and
// decodes to itself.
// The fast reader (`GitHubJSONReading`, over raw bytes) is held to `JSONDecoder`: whatever it
// reads, JSONDecoder reads the same; where it gives up, the caller falls back to JSONDecoder.

let decoder = JSONDecoder.gitHub()

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
    readerAgrees(data)
    return 0
}

func readerAgrees(_ data: Data) {
    if let fast = GitHubJSONReading.decode(Repository.self, from: data) {
        precondition(fast == (try? decoder.decode(Repository.self, from: data)), "the reader and JSONDecoder disagree on a repository")
    }
    if let fast = GitHubJSONReading.decode(SearchResults<Repository>.self, from: data) {
        let slow = try? decoder.decode(SearchResults<Repository>.self, from: data)
        precondition(
            slow.map {
                ($0.totalCount, $0.incompleteResults, $0.items, $0.skippedItems) == (
                    fast.totalCount, fast.incompleteResults, fast.items, fast.skippedItems
                )
            }
                == true, "the reader and JSONDecoder disagree on a search page")
    }
    if let fast = GitHubJSONReading.decode(LossyArray<Repository>.self, from: data) {
        let slow = try? decoder.decode(LossyArray<Repository>.self, from: data)
        precondition(
            slow.map { ($0.elements, $0.skipped) == (fast.elements, fast.skipped) } == true, "the reader and JSONDecoder disagree on a list"
        )
    }
    if let fast = GitHubJSONReading.decode([String: String].self, from: data) {
        precondition(fast == (try? decoder.decode([String: String].self, from: data)), "the reader and JSONDecoder disagree on headers")
    }
}

func roundTrip(_ repository: Repository) {
    do {
        let again = try decoder.decode(Repository.self, from: Data(repository.jsonBytes))
        precondition(again == repository, "\(repository.fullName) changed on the way back")
    } catch {
        preconditionFailure("\(repository.fullName) does not decode from its own encoding: \(error)")
    }
}
