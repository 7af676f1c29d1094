import ContractsCore
import Foundation

/// Offsets in a file's text read as `init` reads SQL and Swift by pattern: the line an offset is on, the `)` that
/// closes a `(` (SQL quotes respected).
enum TextOffsets {
    /// The location of a UTF-16 offset (column 1: `init` cites lines).
    static func location(_ ns: NSString, _ path: String, _ offset: Int) -> SourceLocation {
        let prefix = ns.substring(to: max(0, min(offset == NSNotFound ? 0 : offset, ns.length)))
        return SourceLocation(file: path, line: prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }, column: 1)
    }

    /// The index of the `)` closing the `(` at `open`, `'...'` strings skipped.
    static func closingParen(_ ns: NSString, from open: Int) -> Int? {
        var depth = 0, i = open, inString = false
        while i < ns.length {
            let c = ns.character(at: i)
            if inString { if c == 39 { inString = false } } else if c == 39 { inString = true } else if c == 40 { depth += 1 } else if c == 41 {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}
