/// PostgREST's logic tree, as supabase-swift's `.or("…")` and supabase-js's `.or('…')` send it (`or=(…)`): the
/// columns its filters name, each with its byte offset in the string, so a finding points inside the literal.
///
/// The grammar read (PostgREST 12, `pLogicTree` in `ApiRequest/QueryParams.hs`, "Logical operators" and
/// "Reserved characters" in its docs):
/// - items separated by `,` (spaces and tabs ignored around them);
/// - an item is a filter `field.operator.value`, or a nested `and(…)` / `or(…)`, optionally negated (`not.and(…)`);
/// - a field is a name (`[A-Za-z0-9_$]`, non-ASCII letters, `-` not before `>`) or a double-quoted name, with an
///   optional JSON path (`data->a->>b`, `data->'k'`, `data->0`): the column is the first name;
/// - an operator is `eq`, `neq`, `gt`, `gte`, `lt`, `lte`, `like`, `ilike`, `match`, `imatch`, `is`, `isdistinct`,
///   `cs`, `cd`, `ov`, `sl`, `sr`, `nxl`, `nxr`, `adj`, the full-text `fts`, `plfts`, `phfts`, `wfts` (with an
///   optional `(language)`), a quantified `eq(any)`, or `in.(…)`; `not.` before it negates it;
/// - a value is a double-quoted string (`\` takes the next byte as it is; the closing quote must end the item), a
///   `{…}` array, or everything up to the next `,` or `)`. So `a.eq.b.eq.c` filters on `a` alone, and a value never
///   names a column.
///
/// Anything else makes the whole string unreadable (nil): a finding never rests on a guess.
public enum PostgRESTLogic {
    /// A column a filter of the tree names.
    public struct Column: Sendable, Equatable {
        public var name: String
        /// UTF-8 byte offset of the name in the string (past a quote).
        public var offset: Int

        public init(name: String, offset: Int) {
            self.name = name
            self.offset = offset
        }
    }

    /// The columns `text`'s filters name, in order; nil when it is no logic tree this reader can read.
    public static func columns(_ text: String) -> [Column]? {
        columns(Array(text.utf8), open: false)
    }

    /// The columns of a tree of which only `bytes` is known: the string goes on with something read at run time
    /// (an interpolation) when `open`. Then each filter read up to its value before the end is kept (its field and
    /// operator are all there); what follows the end is not known, and nothing is read of it. nil when the known
    /// part is no logic tree, or when nothing of it can be kept.
    public static func columns(_ bytes: [UInt8], open: Bool) -> [Column]? {
        var parser = Parser(bytes: bytes, open: open)
        parser.skipSpace()
        let complete = parser.tree(depth: 0)
        if open, parser.cut {
            return parser.columns.isEmpty ? nil : parser.columns
        }
        guard complete, parser.atEnd, !parser.columns.isEmpty else { return nil }
        return parser.columns
    }

    static let operators: Set<String> = [
        "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "is", "isdistinct",
        "cs", "cd", "ov", "sl", "sr", "nxl", "nxr", "adj", "fts", "plfts", "phfts", "wfts",
    ]
    static let quantified: Set<String> = ["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]
    static let fullText: Set<String> = ["fts", "plfts", "phfts", "wfts"]

    private struct Parser {
        let bytes: [UInt8]
        /// The known text ends where an unknown part starts.
        let open: Bool
        var i = 0
        var columns: [Column] = []
        /// Set when an open text ended before the tree did: what was read before is kept.
        var cut = false

        init(bytes: [UInt8], open: Bool) {
            self.bytes = bytes
            self.open = open
        }

        var atEnd: Bool { i >= bytes.count }
        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        /// Whether the parse stopped at the end of an open text (then false is returned up the tree, `cut` set).
        mutating func stop() -> Bool {
            if open, atEnd { cut = true }
            return false
        }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x09 { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            i += 1
            return true
        }

        mutating func take(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i ..< i + w.count]) == w else { return false }
            i += w.count
            return true
        }

        static func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
        }

        /// Items separated by commas; false when one cannot be read.
        mutating func tree(depth: Int) -> Bool {
            guard depth < 32 else { return false }
            repeat {
                skipSpace()
                guard item(depth: depth) else { return false }
                skipSpace()
            } while take(0x2C)
            return true
        }

        /// A bare name (dashes inside, not before `>`) or a quoted one, with its offset.
        mutating func fieldName() -> (String, Int)? {
            let start = i
            if current == 0x22 {
                i += 1
                var out: [UInt8] = []
                while let c = current {
                    i += 1
                    if c == 0x5C {
                        guard let next = current else { break }
                        out.append(next)
                        i += 1
                        continue
                    }
                    if c == 0x22 { return out.isEmpty ? nil : (String(decoding: out, as: UTF8.self), start + 1) }
                    out.append(c)
                }
                return nil
            }
            while let c = current {
                if Self.isNameByte(c) {
                    i += 1
                } else if c == 0x2D, i + 1 < bytes.count, bytes[i + 1] != 0x3E, Self.isNameByte(bytes[i + 1]), i > start {
                    i += 1
                } else {
                    break
                }
            }
            guard i > start else { return nil }
            return (String(decoding: bytes[start ..< i], as: UTF8.self), start)
        }

        /// A JSON path after a field: `->key`, `->>'key'`, `->0`, `->-1`.
        mutating func jsonPath() -> Bool {
            while take("->") {
                _ = take(0x3E)
                if take(0x27) {
                    while let c = current, c != 0x27 { i += 1 }
                    guard take(0x27) else { return false }
                } else {
                    _ = take(0x2D)
                    let start = i
                    while let c = current, Self.isNameByte(c) { i += 1 }
                    guard i > start else { return false }
                }
            }
            return true
        }

        mutating func item(depth: Int) -> Bool {
            let start = i
            let mark = columns.count
            if filter() { return true }
            if cut { return false }
            i = start
            columns.removeSubrange(mark...)
            // `not.and(…)`, `or(…)`.
            if take("not.") {}
            guard take("and") || take("or") else { return stop() }
            skipSpace()
            guard take(0x28) else { return stop() }
            guard tree(depth: depth + 1) else { return false }
            skipSpace()
            guard take(0x29) else { return stop() }
            return true
        }

        /// `field.not.op.value`: the column is kept once its operator is read.
        mutating func filter() -> Bool {
            guard let (name, offset) = fieldName() else { return stop() }
            guard jsonPath() else { return stop() }
            skipSpace()
            guard take(0x2E) else { return stop() }
            let opStart = i
            if take("not.") {
                // `a.not.eq.1`; but `not.and(…)` is no filter on a column `not`.
            }
            let wordStart = i
            while let c = current, c >= 0x61 && c <= 0x7A { i += 1 }
            let op = String(decoding: bytes[wordStart ..< i], as: UTF8.self)
            if op == "in" {
                guard take(0x2E) else { return stop() }
                columns.append(Column(name: name, offset: offset))
                return list()
            }
            guard PostgRESTLogic.operators.contains(op) else {
                if atEnd { return stop() }
                i = opStart
                return false
            }
            if take(0x28) {
                let argStart = i
                while let c = current, c >= 0x61 && c <= 0x7A { i += 1 }
                let argument = String(decoding: bytes[argStart ..< i], as: UTF8.self)
                let fullText = PostgRESTLogic.fullText.contains(op) && !argument.isEmpty
                let quantifier = PostgRESTLogic.quantified.contains(op) && (argument == "any" || argument == "all")
                guard fullText || quantifier else { return stop() }
                guard take(0x29) else { return stop() }
            }
            guard take(0x2E) else { return stop() }
            columns.append(Column(name: name, offset: offset))
            return value()
        }

        /// A single value: quoted (ending the item), `{…}`, or up to `,`/`)`.
        mutating func value() -> Bool {
            let start = i
            if current == 0x22, quoted() {
                if atEnd || current == 0x2C || current == 0x29 { return true }
            }
            if cut { return false }
            i = start
            if current == 0x7B {
                while let c = current, c != 0x7D, c != 0x7B || i == start { i += 1 }
                if take(0x7D) { return true }
                if open, atEnd { cut = true; return false }
                i = start
            }
            while let c = current, c != 0x2C, c != 0x29 { i += 1 }
            if open, atEnd { cut = true; return false }
            return true
        }

        /// `"…"` with `\` escapes; false when it does not close.
        mutating func quoted() -> Bool {
            guard take(0x22) else { return false }
            while let c = current {
                i += 1
                if c == 0x5C {
                    guard current != nil else { break }
                    i += 1
                } else if c == 0x22 {
                    return true
                }
            }
            if open { cut = true }
            return false
        }

        /// `(a,"b,c",d)` after `in.`.
        mutating func list() -> Bool {
            skipSpace()
            guard take(0x28) else { return stop() }
            repeat {
                let start = i
                if current == 0x22, quoted(), current == 0x2C || current == 0x29 {
                    continue
                }
                if cut { return false }
                i = start
                while let c = current, c != 0x2C, c != 0x29 { i += 1 }
            } while take(0x2C)
            skipSpace()
            guard take(0x29) else { return stop() }
            return true
        }
    }
}
