import Foundation
import Synchronization

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Foundation's `XMLParser` on Linux sits on libxml2 and its global state; tests run in parallel,
/// so, as a precaution, they parse one document at a time through here.
enum XMLParsing {
    private static let lock = Mutex(())

    static func parse(_ parser: XMLParser) -> Bool {
        lock.withLock { _ in parser.parse() }
    }
}
