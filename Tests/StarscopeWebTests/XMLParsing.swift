import Foundation
import Synchronization

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Foundation's `XMLParser` on Linux sits on libxml2, whose global state is not safe to use from
/// several threads at once (tests run in parallel: two parses at a time corrupted the heap). Tests
/// parse one document at a time through here.
enum XMLParsing {
    private static let lock = Mutex(())

    static func parse(_ parser: XMLParser) -> Bool {
        lock.withLock { _ in parser.parse() }
    }
}
