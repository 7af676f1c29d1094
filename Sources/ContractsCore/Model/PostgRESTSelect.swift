/// PostgREST's `select` parameter, as supabase-swift's `.select("…")` and supabase-js's `.select('…')` send it:
/// the columns it names and the resources it embeds, each with its byte offset in the string (so a finding points
/// at the name inside the literal).
///
/// The grammar read (PostgREST 12, "Vertical filtering", "Resource embedding", "Aggregate functions"):
/// - `*`;
/// - `column`, `"quoted column"`, `alias:column`;
/// - a cast `column::text`, a JSON path `column->a->>b`, `column->'a'`, `column->0` (the column is the first name;
///   PostgREST names the result after the last key);
/// - aggregates `count()`, `column.sum()`, `column.avg()::int`;
/// - embedded resources `rel(…)`, `alias:rel(…)`, `rel!hint(…)`, `rel!inner(…)`, `rel!hint!inner(…)`, spread
///   `...rel(…)`, nested to any depth;
/// - whitespace and newlines anywhere between items (PostgREST ignores whitespace outside quotes).
///
/// Anything else makes the whole selection unreadable (`parse` returns nil): a finding never rests on a guess.
public enum PostgRESTSelect {
    /// A column a selection names.
    public struct Column: Sendable, Equatable, Codable {
        /// The column's name (unquoted).
        public var name: String
        /// UTF-8 byte offset of the name in the select string.
        public var offset: Int
        /// The key the response carries it under: the alias, else the last JSON key, else the column; nil for an
        /// aggregate's argument (the key is the aggregate's).
        public var key: String?

        public init(name: String, offset: Int, key: String?) {
            self.name = name
            self.offset = offset
            self.key = key
        }
    }

    /// An embedded resource: `rel(…)`, `alias:rel!hint!inner(…)`, `...rel(…)`.
    public struct Embed: Sendable, Equatable, Codable {
        /// The name before `(` and `!`: a table or view, or a foreign key column or constraint.
        public var name: String
        public var offset: Int
        /// The hint after `!` (a foreign key constraint, or a column), if any; join modifiers (`inner`, `left`) are not hints.
        public var hint: String?
        public var hintOffset: Int?
        public var alias: String?
        /// `...rel(…)`: its columns are returned at the level of the parent.
        public var spread: Bool
        public var selection: Selection

        /// The key the response carries it under (a spread has none: its columns are the parent's).
        public var key: String { alias ?? name }
    }

    /// One level of a selection.
    public struct Selection: Sendable, Equatable, Codable {
        public var columns: [Column] = []
        public var embeds: [Embed] = []
        /// `*`: every column of the relation.
        public var star = false
        /// Keys an aggregate returns (`count`, `sum`, or its alias).
        public var aggregateKeys: [String] = []

        public init() {}

        /// The keys each returned row carries, apart from `*`'s: the columns' keys, the embeds' keys, a spread
        /// embed's own keys (its `*` is not counted), the aggregates'.
        public var namedKeys: [String] {
            columns.compactMap(\.key) + aggregateKeys + embeds.flatMap { $0.spread ? $0.selection.namedKeys : [$0.key] }
        }

        /// Whether a spread embed selects `*`: then the row carries keys the relation's own columns do not list.
        public var spreadsStar: Bool { embeds.contains { $0.spread && ($0.selection.star || $0.selection.spreadsStar) } }
    }

    static let joinModifiers: Set<String> = ["inner", "left", "right"]

    /// The selection `text` names, or nil when it is not one PostgREST would read (or this reader cannot).
    /// An empty string selects `*`, as PostgREST's default.
    public static func parse(_ text: String) -> Selection? {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        if parser.atEnd {
            var all = Selection()
            all.star = true
            return all
        }
        guard let selection = parser.selection(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.atEnd ? selection : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i >= bytes.count }
        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 }
        }

        /// Consumes `s` when the text continues with it (compared in place: this runs several times per item).
        mutating func take(_ s: StaticString) -> Bool {
            let count = s.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            for k in 0 ..< count where bytes[i + k] != s.utf8Start[k] { return false }
            i += count
            return true
        }

        static func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
        }

        /// A bare name or a double-quoted one, with its offset.
        mutating func name() -> (String, Int)? {
            skipSpace()
            let start = i
            if current == 0x22 {
                i += 1
                var out: [UInt8] = []
                while let c = current {
                    i += 1
                    if c == 0x22 {
                        if current == 0x22 { out.append(0x22); i += 1; continue }
                        return out.isEmpty ? nil : (String(decoding: out, as: UTF8.self), start + 1)
                    }
                    out.append(c)
                }
                return nil
            }
            while let c = current, Self.isNameByte(c) { i += 1 }
            guard i > start else { return nil }
            return (String(decoding: bytes[start ..< i], as: UTF8.self), start)
        }

        /// A JSON key after `->`/`->>`: a name, a quoted `'key'`, or a number.
        mutating func jsonKey() -> String? {
            skipSpace()
            if current == 0x27 {
                i += 1
                let start = i
                while let c = current, c != 0x27 { i += 1 }
                guard current == 0x27 else { return nil }
                defer { i += 1 }
                return String(decoding: bytes[start ..< i], as: UTF8.self)
            }
            if current == 0x2D { i += 1 }   // `->-1`
            return name()?.0
        }

        mutating func selection(depth: Int) -> Selection? {
            guard depth < 32 else { return nil }
            var selection = Selection()
            repeat {
                skipSpace()
                guard item(into: &selection, depth: depth) else { return nil }
                skipSpace()
            } while take(",")
            return selection
        }

        mutating func item(into selection: inout Selection, depth: Int) -> Bool {
            if take("*") {
                selection.star = true
                return true
            }
            let spread = take("...")
            guard var (first, firstOffset) = name() else { return false }
            var alias: String?
            skipSpace()
            // `alias:name`, but not `name::cast`.
            if current == 0x3A, i + 1 < bytes.count, bytes[i + 1] != 0x3A {
                i += 1
                alias = first
                guard let (real, offset) = name() else { return false }
                (first, firstOffset) = (real, offset)
                skipSpace()
            }
            // Embedded resource: `name!hint!inner(…)` or `name(…)`.
            var hints: [(String, Int)] = []
            while current == 0x21 {
                i += 1
                guard let hint = name() else { return false }
                hints.append(hint)
                skipSpace()
            }
            if current == 0x28 {
                i += 1
                skipSpace()
                if take(")") {
                    // `count()` (also `alias:count()`), a top-level aggregate.
                    guard !spread, hints.isEmpty, first == "count" else {
                        // `rel()`: an embed that selects nothing (PostgREST allows it, for filtering).
                        let hint = hints.first { !Self.isJoin($0.0) }
                        selection.embeds.append(Embed(name: first, offset: firstOffset, hint: hint?.0, hintOffset: hint?.1,
                                                      alias: alias, spread: spread, selection: Selection()))
                        return true
                    }
                    selection.aggregateKeys.append(alias ?? "count")
                    return skipCast()
                }
                guard let inner = self.selection(depth: depth + 1) else { return false }
                skipSpace()
                guard take(")") else { return false }
                let realHints = hints.filter { !Self.isJoin($0.0) }
                guard realHints.count <= 1 else { return false }
                selection.embeds.append(Embed(name: first, offset: firstOffset, hint: realHints.first?.0, hintOffset: realHints.first?.1,
                                              alias: alias, spread: spread, selection: inner))
                return true
            }
            guard hints.isEmpty, !spread else { return false }
            // A column, then JSON path, aggregate and cast.
            var key = first
            let column = first
            while take("->") {
                _ = take(">")
                guard let k = jsonKey() else { return false }
                key = k
                skipSpace()
            }
            if current == 0x2E {
                // `column.sum()`
                i += 1
                guard let (function, _) = name(), Self.aggregateFunctions.contains(function), take("("), take(")") else { return false }
                selection.columns.append(Column(name: column, offset: firstOffset, key: nil))
                selection.aggregateKeys.append(alias ?? function)
                return skipCast()
            }
            selection.columns.append(Column(name: column, offset: firstOffset, key: alias ?? key))
            return skipCast()
        }

        static let aggregateFunctions: Set<String> = ["count", "sum", "avg", "min", "max"]

        static func isJoin(_ hint: String) -> Bool { PostgRESTSelect.joinModifiers.contains(hint) }

        /// `::type` after an item (a type name, possibly with spaces and brackets: `::timestamp with time zone`, `::int[]`).
        mutating func skipCast() -> Bool {
            skipSpace()
            guard take("::") else { return true }
            skipSpace()
            let start = i
            while let c = current, Self.isNameByte(c) || c == 0x20 || c == 0x5B || c == 0x5D || c == 0x2E { i += 1 }
            return i > start
        }
    }
}
