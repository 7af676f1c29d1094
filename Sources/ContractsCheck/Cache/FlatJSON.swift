import ContractsCore

/// A JSON object whose values are all strings (`{"key": "...", ...}`, what `JSONEncoder` writes for the
/// cache's `Stored`), read without `JSONDecoder`: a warm run reads one such file of some 60 KB, and the
/// generic decoder spends more on it than on everything else the cache does.
///
/// Strict: nil for anything it is not sure of (another shape, a repeated key, a bad escape, a control
/// character, invalid UTF-8, a lone surrogate, trailing bytes), so the caller falls back to `JSONDecoder`, and
/// whatever this returns is exactly what `JSONDecoder` would decode.
enum FlatJSON {
    static func strings(_ bytes: UnsafeRawBufferPointer) -> [String: String]? {
        var reader = Reader(bytes: bytes)
        var out: [String: String] = [:]
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            while true {
                reader.skipSpace()
                guard let key = reader.string() else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                guard let value = reader.string(), out.updateValue(value, forKey: key) == nil else { return nil }
                reader.skipSpace()
                if reader.take(UInt8(ascii: ",")) { continue }
                guard reader.take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        reader.skipSpace()
        return reader.atEnd ? out : nil
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
