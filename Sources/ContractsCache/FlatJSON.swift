import ContractsCore
import Foundation

/// JSON objects whose values are strings or such objects (`{"key": "...", ...}`, what the cache's `Stored` is),
/// read and written without `JSONDecoder`/`JSONEncoder`: every run reads one such file, and on a warm run the
/// generic coders would cost more than everything else the run does.
///
/// Strict: nil for anything it is not sure of (another shape, a repeated key, a bad escape, a control
/// character, invalid UTF-8, a lone surrogate, trailing bytes), so the caller falls back to `JSONDecoder`, and
/// whatever this returns is exactly what `JSONDecoder` would decode.
///
/// Not `PgJSONDecoder` (ContractsSQL), which reads libpg_query's parse trees: any JSON, numbers and arrays
/// included, decoded leniently (a lone surrogate becomes U+FFFD) into sorted fields. That leniency would break
/// the promise above, and on these files it is the slower of the two.
enum FlatJSON {
    /// A JSON value of the only two shapes the cache writes: a string, or an object of such values.
    enum Value: Equatable {
        case string(String)
        /// In document order (an array of pairs: a dictionary per cache entry would cost more than reading it).
        case object([(key: String, value: Value)])

        var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }

        var pairs: [(key: String, value: Value)]? {
            if case .object(let pairs) = self { return pairs }
            return nil
        }

        /// The value of `key` in an object (a linear search: the cache's objects are small or read in order).
        subscript(key: String) -> Value? {
            pairs?.first { $0.key == key }?.value
        }

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.string(let x), .string(let y)): return x == y
            case (.object(let x), .object(let y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    /// An object whose values are all strings.
    static func strings(_ bytes: UnsafeRawBufferPointer) -> [String: String]? {
        guard let pairs = object(bytes)?.pairs else { return nil }
        var out: [String: String] = [:]
        for (key, value) in pairs {
            guard let text = value.string else { return nil }
            out[key] = text
        }
        return out
    }

    /// A string or an object of strings and objects.
    static func object(_ bytes: UnsafeRawBufferPointer) -> Value? {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    /// `value` as JSON text that `object` (and `JSONDecoder`) read back as it is: quotes, backslashes and
    /// control characters escaped, everything else as UTF-8.
    static func encode(_ value: Value) -> Data {
        var out: [UInt8] = []
        write(value, to: &out)
        return Data(out)
    }

    private static func write(_ value: Value, to out: inout [UInt8]) {
        switch value {
        case .string(let text):
            quote(text, to: &out)
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                quote(pair.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(pair.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func quote(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C:
                out.append(0x5C)
                out.append(byte)
            case 0x0A:
                out.append(0x5C)
                out.append(UInt8(ascii: "n"))
            case 0x09:
                out.append(0x5C)
                out.append(UInt8(ascii: "t"))
            case ..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
                out.append(ContentHash.hexDigit(byte >> 4))
                out.append(ContentHash.hexDigit(byte & 0xF))
            default:
                out.append(byte)
            }
        }
        out.append(0x22)
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                index += 1
            }
        }

        /// A string or an object (objects nest at most a few levels: deeper is not the cache's).
        mutating func value(depth: Int) -> Value? {
            if index < bytes.count, bytes[index] == 0x22 { return string().map(Value.string) }
            guard depth < 8, take(UInt8(ascii: "{")) else { return nil }
            var out: [(key: String, value: Value)] = []
            // A repeated key is left to JSONDecoder: found by a scan in a small object, by a set in a large one.
            var keys: Set<String>?
            skipSpace()
            if take(UInt8(ascii: "}")) { return .object(out) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value(depth: depth + 1) else { return nil }
                if out.count >= 8 {
                    if keys == nil { keys = Set(out.map(\.key)) }
                    guard keys!.insert(key).inserted else { return nil }
                } else if out.contains(where: { $0.key == key }) {
                    return nil
                }
                out.append((key, value))
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return .object(out)
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string token, unescaped.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                // The run up to the next quote, backslash or control character is copied as it is.
                let start = index
                while index < bytes.count, bytes[index] != 0x22, bytes[index] != 0x5C, bytes[index] >= 0x20 { index += 1 }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start ..< index]))
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                index += 1
                if byte == 0x22 { return String(validating: out, as: UTF8.self) }
                guard byte == 0x5C, index < bytes.count else { return nil }  // a control character
                let escape = bytes[index]
                index += 1
                if let decoded = JSONHexDigits.singleLetterEscape(escape) {
                    out.append(decoded)
                    continue
                }
                switch escape {
                case UInt8(ascii: "u"):
                    guard let unit = hex4(), !(0xD800 ... 0xDFFF).contains(unit), let scalar = Unicode.Scalar(unit) else { return nil }
                    Unicode.UTF8.encode(scalar) { out.append($0) }
                default: return nil
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard let value = JSONHexDigits.value(in: bytes, at: index) else { return nil }
            index += 4
            return value
        }
    }
}
