import ContractsCore
import Foundation

/// `bytes` with `edits` applied (each edit's range in the original bytes; edits at one offset in the given order),
/// a line break in a replacement written in the file's own ending (CRLF when its first line break is one). Nil when
/// the text is not UTF-8 or an edit does not fall on character boundaries inside it: the file is left as it is.
func applyFixEdits(_ edits: [FixEdit], to bytes: [UInt8]) -> String? {
    guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
    let isBoundary = { (offset: Int) in offset == bytes.count || (bytes[offset] & 0xC0) != 0x80 }
    guard edits.allSatisfy({ 0 <= $0.start && $0.start <= $0.end && $0.end <= bytes.count && isBoundary($0.start) && isBoundary($0.end) })
    else { return nil }
    let crlf = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false
    // Insertions before a replacement at the same offset; otherwise as given.
    let ordered = edits.enumerated().sorted { ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 256)
    var cursor = 0
    for (_, edit) in ordered {
        guard edit.start >= cursor else { return nil }
        out += bytes[cursor..<edit.start]
        let text = crlf ? edit.replacement.replacingOccurrences(of: "\n", with: "\r\n") : edit.replacement
        out += Array(text.utf8)
        cursor = edit.end
    }
    out += bytes[cursor...]
    return String(decoding: out, as: UTF8.self)
}
