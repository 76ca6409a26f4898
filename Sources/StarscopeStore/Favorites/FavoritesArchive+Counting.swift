import Foundation

extension FavoritesArchive {
    /// How many entries the file's list holds (the top-level array, or an array member of the
    /// top-level object, such as an export's `favorites`), counted byte by byte without building
    /// anything and stopping at the first list past `limit` (then `limit + 1`). Only counts:
    /// whether the file is JSON at all is left to the decoder, which runs once the count is known
    /// to be within bounds, so a file of millions of tiny entries costs a scan, not their values.
    static func entryCount(in data: Data, stoppingAfter limit: Int) -> Int {
        data.withUnsafeBytes { raw in
            var depth = 0
            var listDepth = 0  // the depth of the list being counted, 0 when none is open
            var topIsArray: Bool?
            var inString = false
            var escaped = false
            var commas = 0
            var nonEmpty = false
            var largest = 0
            for byte in raw {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if listDepth != 0, depth == listDepth { nonEmpty = true }
                    depth += 1
                    if depth == 1 { topIsArray = byte == UInt8(ascii: "[") }
                    if byte == UInt8(ascii: "["), listDepth == 0, depth == (topIsArray == true ? 1 : 2) {
                        listDepth = depth
                        commas = 0
                        nonEmpty = false
                    }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if listDepth != 0, depth == listDepth {
                        largest = max(largest, nonEmpty ? commas + 1 : 0)
                        listDepth = 0
                    }
                    depth -= 1
                case UInt8(ascii: ","):
                    if listDepth != 0, depth == listDepth {
                        commas += 1
                        if commas >= limit { return limit + 1 }
                    }
                default:
                    if listDepth != 0, depth == listDepth { nonEmpty = true }
                    if byte == UInt8(ascii: "\"") { inString = true }
                }
            }
            return largest
        }
    }
}
