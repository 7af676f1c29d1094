extension SQLSource {
    /// How offsets inside a function body or DO block map to the file: finds the string literal that
    /// holds `body`, starting at the parser's location for it (which points at `AS` or at the string).
    ///
    /// Dollar-quoted bodies map by a shift; single-quoted ones also undo `''` → `'`. When the string
    /// cannot be found, every offset is pinned to `fallback` rather than guessed.
    func bodyMap(of body: String, near location: Int, fallback: Int) -> OffsetMap {
        var i = firstToken(from: location)
        if i + 2 <= utf8.count, utf8[i] | 0x20 == UInt8(ascii: "a"), utf8[i + 1] | 0x20 == UInt8(ascii: "s"),
           i + 2 == utf8.count || !isIdentifierByte(utf8[i + 2]) {
            i = firstToken(from: i + 2)
        }
        if i < utf8.count, utf8[i] | 0x20 == UInt8(ascii: "e"), i + 1 < utf8.count, utf8[i + 1] == UInt8(ascii: "'") { i += 1 }
        guard i < utf8.count else { return OffsetMap(steps: [.pin(fallback)]) }
        let bodyBytes = Array(body.utf8)
        if utf8[i] == UInt8(ascii: "$") {
            var end = i + 1
            while end < utf8.count, utf8[end] != UInt8(ascii: "$") { end += 1 }
            let start = end + 1
            if start + bodyBytes.count <= utf8.count, Array(utf8[start ..< start + bodyBytes.count]) == bodyBytes {
                return .shift(start)
            }
        } else if utf8[i] == UInt8(ascii: "'") {
            var dropped: [Int] = [], raw = i + 1, unescaped = 0
            while raw < utf8.count {
                if utf8[raw] == UInt8(ascii: "'") {
                    guard raw + 1 < utf8.count, utf8[raw + 1] == UInt8(ascii: "'") else { break }
                    dropped.append(unescaped)
                    raw += 1
                }
                raw += 1
                unescaped += 1
            }
            if unescaped == bodyBytes.count { return OffsetMap(steps: [.unescape(dropped), .shift(i + 1)]) }
        }
        return OffsetMap(steps: [.pin(fallback)])
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F || b >= 0x80
    }
}
