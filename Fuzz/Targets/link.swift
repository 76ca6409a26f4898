import Foundation
import GitHubAPI

// GitHub's `Link` header: any text parses without trapping; relations are lowercased single
// words, each with a URL or a template, and templates expand without trapping.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkHeader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let header = LinkHeader(text)
    for (name, target) in header.relations {
        precondition(!name.isEmpty && name == name.lowercased() && !name.unicodeScalars.contains(" "), "relation \(name.debugDescription)")
        _ = target.expanded(["since": "135", "page": "2"])
    }
    _ = (header.next, header.prev, header.last, header.first, header.lastPage)
    return 0
}
