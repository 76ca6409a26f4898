import Foundation

@testable import StarscopeWeb

// The query parser: any query string parses without trapping, and any value the app writes into
// a link (`QueryBuilder`) reads back the same.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let values = QueryValues(rawQuery: text)
    _ = values["q"]
    var builder = QueryBuilder()
    builder.add("q", text)
    builder.add("since", "week")
    let link = builder.url("/")
    let back = QueryValues(rawQuery: String(link.drop { $0 != "?" }.dropFirst()))
    precondition(back["q"] == (text.isEmpty ? nil : text), "\(text.debugDescription) came back as \(back["q"].debugDescription)")
    precondition(back["since"] == "week")
    return 0
}
