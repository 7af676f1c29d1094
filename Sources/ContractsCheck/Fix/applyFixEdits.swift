import ContractsCore
import Foundation

/// `bytes` with `edits` applied (each edit's range in the original bytes; edits at one offset in the given order),
/// a line break in a replacement written in the file's own ending (its first line break's: CRLF, CR or LF). Nil when
/// the text is not UTF-8 or an edit does not fall on character boundaries inside it: the file is left as it is.
func applyFixEdits(_ edits: [FixEdit], to bytes: [UInt8]) -> String? {
    guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
    let isBoundary = { (offset: Int) in offset == bytes.count || (bytes[offset] & 0xC0) != 0x80 }
    guard edits.allSatisfy({ 0 <= $0.start && $0.start <= $0.end && $0.end <= bytes.count && isBoundary($0.start) && isBoundary($0.end) })
    else { return nil }
    let lineBreak = firstLineBreak(bytes)
    // Insertions before a replacement at the same offset; otherwise as given.
    let ordered = edits.enumerated().sorted { ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 256)
    var cursor = 0
    for (_, edit) in ordered {
        guard edit.start >= cursor else { return nil }
        out += bytes[cursor..<edit.start]
        let text = lineBreak == "\n" ? edit.replacement : edit.replacement.replacingOccurrences(of: "\n", with: lineBreak)
        out += Array(text.utf8)
        cursor = edit.end
    }
    out += bytes[cursor...]
    return String(decoding: out, as: UTF8.self)
}

/// The file's first line break (`"\r\n"`, `"\r"` or `"\n"`); `"\n"` when it has none.
private func firstLineBreak(_ bytes: [UInt8]) -> String {
    guard let first = bytes.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return "\n" }
    guard bytes[first] == UInt8(ascii: "\r") else { return "\n" }
    return first + 1 < bytes.count && bytes[first + 1] == UInt8(ascii: "\n") ? "\r\n" : "\r"
}
