/// String and template literals, with JavaScript's escapes decoded.
extension TSLexer {
    /// `'…'` or `"…"`. A raw newline ends an unterminated string (as in JavaScript), so one missing quote
    /// does not swallow the rest of the file.
    mutating func scanString(quote: UInt8) {
        let start = pos
        pos += 1
        var value: [UInt8] = []
        while let c = byte(at: pos), c != quote, c != 0x0A {
            if c == UInt8(ascii: "\\") {
                value += scanEscape()
            } else {
                value.append(c)
                pos += 1
            }
        }
        if byte(at: pos) == quote { pos += 1 }
        emit(.string, from: start, value: String(decoding: value, as: UTF8.self))
    }

    /// A template chunk from `start` (at `` ` `` or at the `}` closing a substitution) to the closing
    /// `` ` `` or the next `${`; an unterminated template runs to the end of the file.
    mutating func scanTemplateChunk(from start: Int) {
        while let c = byte(at: pos) {
            if c == UInt8(ascii: "\\") {
                pos = min(pos + 2, bytes.count)
            } else if c == UInt8(ascii: "`") {
                pos += 1
                break
            } else if c == UInt8(ascii: "$"), byte(at: pos + 1) == UInt8(ascii: "{") {
                pos += 2
                opens.append(.substitution)
                break
            } else {
                pos += 1
            }
        }
        emit(.template, from: start)
    }

    /// Decodes one escape at the cursor (a backslash) and moves past it.
    mutating func scanEscape() -> [UInt8] {
        pos += 1
        guard let c = byte(at: pos) else { return [] }
        pos += 1
        switch c {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "0") where !(byte(at: pos).map(TSLexer.isDigit) ?? false): return [0x00]
        case 0x0A: return []
        case 0x0D:
            if byte(at: pos) == 0x0A { pos += 1 }
            return []
        case UInt8(ascii: "x"): return scalarBytes(hexDigits: 2)
        case UInt8(ascii: "u"):
            if byte(at: pos) == UInt8(ascii: "{") {
                var end = pos + 1
                while let h = byte(at: end), TSLexer.hexValue(h) != nil { end += 1 }
                guard byte(at: end) == UInt8(ascii: "}") else { return Array("\\u".utf8) }
                let digits = slice(pos + 1, end)
                pos = end + 1
                return encode(UInt32(digits, radix: 16))
            }
            return scalarBytes(hexDigits: 4)
        default:
            // `\'`, `\\`, `\"` and identity escapes; a multi-byte character stays whole.
            var out = [c]
            while let n = byte(at: pos), n & 0xC0 == 0x80, c >= 0x80 {
                out.append(n)
                pos += 1
            }
            return out
        }
    }

    /// `\xHH` / `\uHHHH`; malformed escapes keep their source text.
    mutating func scalarBytes(hexDigits: Int) -> [UInt8] {
        var value: UInt32 = 0
        for i in 0..<hexDigits {
            guard let h = byte(at: pos + i), let v = TSLexer.hexValue(h) else {
                return Array(slice(pos - 2, pos).utf8)
            }
            value = value * 16 + UInt32(v)
        }
        pos += hexDigits
        return encode(value)
    }

    func encode(_ value: UInt32?) -> [UInt8] {
        // Lone surrogates (half of a `\uD83D\uDE00` pair) decode to U+FFFD: the rules compare ASCII words.
        guard let v = value, let scalar = Unicode.Scalar(v) else { return Array("\u{FFFD}".utf8) }
        return Array(String(Character(scalar)).utf8)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
