import Foundation
import Hummingbird

@testable import StarscopeWeb

// The form parsers: a URL-encoded body, or a multipart one whose boundary is the input's first
// line, parses or is refused (never traps), and never yields more fields than a form may have.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: bytes, count: count))
    do {
        let form: FormData
        if let newline = data.firstIndex(of: UInt8(ascii: "\n")) {
            let contentType = "multipart/form-data; " + String(decoding: data[..<newline], as: UTF8.self)
            guard let boundary = FormData.boundary(in: contentType) else { return 0 }
            form = try FormData.multipart(data[(newline + 1)...], boundary: boundary)
        } else {
            form = try FormData.urlEncoded(String(decoding: data, as: UTF8.self))
        }
        precondition(form.fields.count <= FormData.maximumParts, "\(form.fields.count) fields")
    } catch let error as HTTPError {
        precondition(error.message?.isEmpty == false, "a refusal without a sentence")
    } catch {
        preconditionFailure("\(error)")
    }
    return 0
}
