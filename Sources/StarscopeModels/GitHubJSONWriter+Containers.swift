import Foundation

/// The `Encoder` and containers of `GitHubJSONWriter`: each writes into the writer's buffer at its
/// depth. No coding path is kept (a value that cannot be written says which in its error).
extension GitHubJSONWriter {
    struct ValueEncoder: Encoder {
        let writer: GitHubJSONWriter
        let depth: Int
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            writer.object(depth)
            return KeyedEncodingContainer(KeyedContainer<Key>(writer: writer, depth: depth))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            writer.array(depth)
            return UnkeyedContainer(writer: writer, depth: depth)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            writer.single(depth)
            return SingleContainer(writer: writer, depth: depth)
        }
    }

    /// Writes one value where the writer is: what the three containers share.
    struct Values {
        let writer: GitHubJSONWriter
        let depth: Int

        func null() { writer.appendLiteral("null") }
        func bool(_ value: Bool) { writer.appendLiteral(value ? "true" : "false") }
        func string(_ value: String) { writer.appendString(value) }
        func integer(_ value: some FixedWidthInteger) { writer.appendInteger(value) }
        func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws { try writer.appendFloatingPoint(value) }
        func value<T: Encodable>(_ value: T) throws { try writer.write(value, depth: depth + 1) }

        func nestedObject<NestedKey: CodingKey>(_ type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            writer.begin(depth + 1)
            writer.object(depth + 1)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(writer: writer, depth: depth + 1))
        }

        func nestedArray() -> any UnkeyedEncodingContainer {
            writer.begin(depth + 1)
            writer.array(depth + 1)
            return UnkeyedContainer(writer: writer, depth: depth + 1)
        }

        func nestedEncoder() -> any Encoder {
            writer.begin(depth + 1)
            return ValueEncoder(writer: writer, depth: depth + 1)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: GitHubJSONWriter
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        private func at(_ key: Key) -> Values {
            writer.member(key.stringValue, depth: depth)
            return Values(writer: writer, depth: depth)
        }

        mutating func encodeNil(forKey key: Key) throws { at(key).null() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { at(key).bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { at(key).string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try at(key).number(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try at(key).number(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { at(key).integer(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try at(key).value(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            at(key).nestedObject(keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { at(key).nestedArray() }

        mutating func superEncoder() -> any Encoder {
            writer.member("super", depth: depth)
            return Values(writer: writer, depth: depth).nestedEncoder()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder { at(key).nestedEncoder() }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let writer: GitHubJSONWriter
        let depth: Int
        var codingPath: [any CodingKey] { [] }
        var count: Int { writer.count(depth) }

        private func next() -> Values {
            writer.element(depth: depth)
            return Values(writer: writer, depth: depth)
        }

        mutating func encodeNil() throws { next().null() }
        mutating func encode(_ value: Bool) throws { next().bool(value) }
        mutating func encode(_ value: String) throws { next().string(value) }
        mutating func encode(_ value: Double) throws { try next().number(value) }
        mutating func encode(_ value: Float) throws { try next().number(value) }
        mutating func encode(_ value: Int) throws { next().integer(value) }
        mutating func encode(_ value: Int8) throws { next().integer(value) }
        mutating func encode(_ value: Int16) throws { next().integer(value) }
        mutating func encode(_ value: Int32) throws { next().integer(value) }
        mutating func encode(_ value: Int64) throws { next().integer(value) }
        mutating func encode(_ value: UInt) throws { next().integer(value) }
        mutating func encode(_ value: UInt8) throws { next().integer(value) }
        mutating func encode(_ value: UInt16) throws { next().integer(value) }
        mutating func encode(_ value: UInt32) throws { next().integer(value) }
        mutating func encode(_ value: UInt64) throws { next().integer(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try next().value(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            next().nestedObject(keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().nestedArray() }
        mutating func superEncoder() -> any Encoder { next().nestedEncoder() }
    }

    struct SingleContainer: SingleValueEncodingContainer {
        let writer: GitHubJSONWriter
        let depth: Int
        var codingPath: [any CodingKey] { [] }
        private var here: Values { Values(writer: writer, depth: depth) }

        mutating func encodeNil() throws { here.null() }
        mutating func encode(_ value: Bool) throws { here.bool(value) }
        mutating func encode(_ value: String) throws { here.string(value) }
        mutating func encode(_ value: Double) throws { try here.number(value) }
        mutating func encode(_ value: Float) throws { try here.number(value) }
        mutating func encode(_ value: Int) throws { here.integer(value) }
        mutating func encode(_ value: Int8) throws { here.integer(value) }
        mutating func encode(_ value: Int16) throws { here.integer(value) }
        mutating func encode(_ value: Int32) throws { here.integer(value) }
        mutating func encode(_ value: Int64) throws { here.integer(value) }
        mutating func encode(_ value: UInt) throws { here.integer(value) }
        mutating func encode(_ value: UInt8) throws { here.integer(value) }
        mutating func encode(_ value: UInt16) throws { here.integer(value) }
        mutating func encode(_ value: UInt32) throws { here.integer(value) }
        mutating func encode(_ value: UInt64) throws { here.integer(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try here.value(value) }
    }
}
