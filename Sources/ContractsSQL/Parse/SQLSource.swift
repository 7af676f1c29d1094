import ContractsCore

/// One SQL file's text with what turns parser offsets into `file:line:column`.
struct SQLSource: Sendable, Equatable {
    let path: String
    let text: String
    let utf8: [UInt8]
    private let lines: LineMap

    /// The same file: the rest follows from its path and text.
    static func == (a: SQLSource, b: SQLSource) -> Bool { a.path == b.path && a.text == b.text }

    init(path: String, text: String) {
        self.path = path
        self.text = text
        utf8 = Array(text.utf8)
        lines = LineMap(text)
    }

    /// The location of a file byte offset (clamped into the file).
    func location(ofByte offset: Int) -> SourceLocation {
        lines.location(ofByte: max(0, min(offset, utf8.count)), in: path)
    }

    /// The location of a fragment offset.
    func location(_ offset: Int, _ map: OffsetMap) -> SourceLocation {
        location(ofByte: map.fileOffset(offset))
    }

    /// The byte offset of PostgreSQL's 1-based character position within `utf8[start...]`.
    func byteOffset(ofCharacter position: Int, from start: Int = 0) -> Int {
        Self.byteOffset(ofCharacter: position, in: utf8, from: start)
    }

    /// The same in any UTF-8 bytes (a text not worth a `SQLSource`: its line map is not needed).
    static func byteOffset(ofCharacter position: Int, in utf8: [UInt8], from start: Int = 0) -> Int {
        utf8.withUnsafeBufferPointer { utf8 in
            var offset = start, chars = 1
            while offset < utf8.count, chars < position {
                offset += 1
                while offset < utf8.count, utf8[offset] & 0xC0 == 0x80 { offset += 1 }
                chars += 1
            }
            return offset
        }
    }

    /// The byte offset of the first line of a body that starts at `start` plus `line - 1` newlines.
    func byteOffset(ofLine line: Int, from start: Int) -> Int {
        var offset = start, current = 1
        while offset < utf8.count, current < line {
            if utf8[offset] == UInt8(ascii: "\n") { current += 1 }
            offset += 1
        }
        return offset
    }

    /// The first byte at or after `offset` that is not whitespace or a comment (statement locations
    /// from the parser start right after the previous `;`).
    func firstToken(from offset: Int) -> Int {
        Self.firstToken(in: utf8, from: offset)
    }

    /// The same in any bytes (`SupersededFunctions`' scan reads the file's buffer).
    static func firstToken<Bytes: RandomAccessCollection>(in utf8: Bytes, from offset: Int) -> Int
        where Bytes.Element == UInt8, Bytes.Index == Int {
        var i = offset
        while i < utf8.count {
            let b = utf8[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                i += 1
            } else if b == UInt8(ascii: "-"), i + 1 < utf8.count, utf8[i + 1] == UInt8(ascii: "-") {
                while i < utf8.count, utf8[i] != 0x0A { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < utf8.count, utf8[i + 1] == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if i + 1 < utf8.count, utf8[i] == UInt8(ascii: "/"), utf8[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2 }
                    else if i + 1 < utf8.count, utf8[i] == UInt8(ascii: "*"), utf8[i + 1] == UInt8(ascii: "/") { depth -= 1; i += 2 }
                    else { i += 1 }
                } while depth > 0 && i < utf8.count
            } else {
                return i
            }
        }
        return i
    }
}
