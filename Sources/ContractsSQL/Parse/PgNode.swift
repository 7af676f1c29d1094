import ContractsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A node of libpg_query's JSON parse tree, as plain values.
///
/// The tree is read once per statement and thrown away; facts keep only strings and locations.
/// Booleans and numbers are both `.number` (libpg_query omits false and zero fields).
///
/// Not `indirect`: the recursion goes through arrays, which already live on the heap, so a leaf (a string,
/// a number) is stored inline instead of in a box of its own (one allocation fewer per node, about half a
/// tree's memory).
enum PgNode: Sendable, Equatable {
    case object(PgFields)
    case array([PgNode])
    case string(String)
    case number(Int)
    case null

    /// Decodes libpg_query's JSON text (nil if it is not JSON).
    static func decode(_ text: String) -> PgNode? {
        var text = text
        return text.withUTF8 { PgJSONDecoder.decode($0) }
    }

    /// The same, read in place from libpg_query's C string (no copy into a Swift string first).
    static func decode(cString: UnsafePointer<CChar>) -> PgNode? {
        let count = strlen(cString)
        return cString.withMemoryRebound(to: UInt8.self, capacity: count) {
            PgJSONDecoder.decode(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// Whether `decode(cString:)` reads libpg_query's text, judged without building the tree: it is one JSON value
    /// nesting at most `PgJSONDecoder.depthLimit` levels (a body whose tree no rule reads is still judged by it).
    static func decodes(cString: UnsafePointer<CChar>) -> Bool {
        let count = strlen(cString)
        return cString.withMemoryRebound(to: UInt8.self, capacity: count) {
            PgJSONDecoder.decodes(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// A parse result's C string, with only the statements `keep` admits decoded (`PgJSONDecoder.decodeParseTree`).
    static func decodeParseTree(cString: UnsafePointer<CChar>, keep: (_ kind: String, _ location: Int, _ length: Int) -> Bool) -> PgNode? {
        let count = strlen(cString)
        return cString.withMemoryRebound(to: UInt8.self, capacity: count) {
            PgJSONDecoder.decodeParseTree(UnsafeBufferPointer(start: $0, count: count), keep: keep)
        }
    }

    subscript(key: String) -> PgNode? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var items: [PgNode] {
        switch self {
        case .array(let list): return list
        case .object(let fields) where fields.count == 1:
            // `{"List": {"items": [...]}}`
            if let list = fields["List"]?["items"]?.items { return list }
            return []
        default: return []
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var int: Int? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// A present, non-zero flag.
    var isTrue: Bool { int.map { $0 != 0 } ?? false }

    /// `{"Kind": {...}}` → ("Kind", body), the shape of every tagged node.
    var tagged: (kind: String, body: PgNode)? {
        if case .object(let fields) = self, fields.count == 1, let (kind, body) = fields.first,
           let first = kind.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            return (kind, body)
        }
        return nil
    }

    /// The body when this is a tagged node of `kind`.
    func node(_ kind: String) -> PgNode? {
        if let t = tagged, t.kind == kind { return t.body }
        return nil
    }

    /// `{"String": {"sval": "x"}}` → "x" (names, identifiers).
    var stringValue: String? { node("String")?["sval"]?.string }

    /// The `location` field of a tagged node's body (or of this body).
    var location: Int? { (tagged?.body ?? self)["location"]?.int }

    /// Every tagged node below (and including) this one, depth first, with the chain of tagged ancestors.
    func forEachTagged(_ visit: (_ kind: String, _ body: PgNode, _ ancestors: [String]) -> Void) {
        var ancestors: [String] = []
        walk(visit, &ancestors)
    }

    private func walk(_ visit: (String, PgNode, [String]) -> Void, _ ancestors: inout [String]) {
        switch self {
        case .object(let fields):
            if let t = tagged {
                visit(t.kind, t.body, ancestors)
                ancestors.append(t.kind)
                t.body.walk(visit, &ancestors)
                ancestors.removeLast()
            } else {
                for (_, value) in fields.entries { value.walk(visit, &ancestors) }
            }
        case .array(let list):
            for item in list { item.walk(visit, &ancestors) }
        default:
            break
        }
    }
}

/// The fields of a JSON object, sorted by key: a parse-tree node has a handful, so a sorted array is
/// smaller and faster to build than a dictionary, and walks visit them in one fixed order.
struct PgFields: Sendable, Equatable {
    let entries: [(key: String, value: PgNode)]

    /// `entries` in any order; on a repeated key the last one wins (as in a dictionary).
    ///
    /// An insertion sort in place: a node has a handful of fields (libpg_query writes them in struct order,
    /// not sorted), and a dictionary per node would cost more than the whole decode.
    init(_ entries: [(key: String, value: PgNode)]) {
        var sorted = entries
        var count = 0
        // The sorted prefix `sorted[..<count]` grows while `j` reads ahead of it (count <= j).
        for j in sorted.indices {
            let entry = sorted[j]
            var at = count
            while at > 0, entry.key < sorted[at - 1].key { at -= 1 }
            if at > 0, sorted[at - 1].key == entry.key {
                sorted[at - 1].value = entry.value
                continue
            }
            var i = count
            while i > at {
                sorted.swapAt(i, i - 1)
                i -= 1
            }
            sorted[at] = entry
            count += 1
        }
        if count < sorted.count { sorted.removeSubrange(count...) }
        self.entries = sorted
    }

    var count: Int { entries.count }
    /// Sorted.
    var keys: [String] { entries.map(\.key) }
    var first: (key: String, value: PgNode)? { entries.first }

    subscript(key: String) -> PgNode? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    static func == (a: PgFields, b: PgFields) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A JSON reader for libpg_query's output, straight to `PgNode`: no intermediate Foundation objects, so a
/// migration's tree costs one pass over its JSON text.
struct PgJSONDecoder {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// How deeply the value being decoded nests; past `depthLimit` the decode fails instead of recursing on.
    private var depth = 0

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> PgNode? {
        var decoder = PgJSONDecoder(bytes: bytes)
        guard let node = decoder.value() else { return nil }
        decoder.skipSpace()
        return decoder.at == bytes.count ? node : nil
    }

    /// libpg_query's parse result (`{"version": ..., "stmts": [{"stmt": {...}, "stmt_location": n, "stmt_len": n}, ...]}`),
    /// with the tree of each statement decoded only when `keep(kind, location, length)` says so: any other
    /// statement's `stmt` is stepped over without building a node (its entry keeps its location and length).
    /// Anything else is decoded as `decode` does.
    static func decodeParseTree(_ bytes: UnsafeBufferPointer<UInt8>,
                                keep: (_ kind: String, _ location: Int, _ length: Int) -> Bool) -> PgNode? {
        var decoder = PgJSONDecoder(bytes: bytes)
        guard let node = decoder.parseTree(keep) else { return nil }
        decoder.skipSpace()
        return decoder.at == bytes.count ? node : nil
    }

    /// Whether `decode` reads libpg_query's `bytes`: one JSON value, nesting at most `depthLimit` levels (what
    /// libpg_query writes is otherwise well-formed: its strings escaped, its numbers integers).
    static func decodes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = PgJSONDecoder(bytes: bytes)
        guard let depth = decoder.skipValue(), depth <= depthLimit else { return false }
        decoder.skipSpace()
        return decoder.at == bytes.count
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseTree(_ keep: (String, Int, Int) -> Bool) -> PgNode? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var entries: [(key: String, value: PgNode)] = []
        if consume(UInt8(ascii: "}")) { return .object(PgFields(entries)) }
        repeat {
            skipSpace()
            guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
            let item = key == "stmts" ? rawStatements(keep) : value()
            guard let item else { return nil }
            entries.append((key, item))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? .object(PgFields(entries)) : nil
    }

    /// The `stmts` array: each `RawStmt` object, its `stmt` decoded when kept.
    private mutating func rawStatements(_ keep: (String, Int, Int) -> Bool) -> PgNode? {
        guard consume(UInt8(ascii: "[")) else { return value() }
        var items: [PgNode] = []
        if consume(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard consume(UInt8(ascii: "{")) else { return nil }
            var entries: [(key: String, value: PgNode)] = []
            var statement: Int?, statementDepth = 0
            if !consume(UInt8(ascii: "}")) {
                repeat {
                    skipSpace()
                    guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
                    if key == "stmt" {
                        skipSpace()
                        statement = at
                        guard let depth = skipValue() else { return nil }
                        statementDepth = depth
                    } else {
                        guard let item = value() else { return nil }
                        entries.append((key, item))
                    }
                } while consume(UInt8(ascii: ","))
                guard consume(UInt8(ascii: "}")) else { return nil }
            }
            if let statement {
                let fields = PgFields(entries)
                let location = fields["stmt_location"]?.int ?? 0, length = fields["stmt_len"]?.int ?? 0
                if statementDepth > Self.depthLimit, kind(at: statement).map({ keep($0, location, length) }) ?? true {
                    // Too deep to decode (and walk) recursively: kept as its depth alone; the reader reports it.
                    entries.append(("stmt_too_deep", .number(statementDepth)))
                } else if kind(at: statement).map({ keep($0, location, length) }) ?? true {
                    var sub = self
                    sub.at = statement
                    guard let tree = sub.value() else { return nil }
                    entries.append(("stmt", tree))
                }
            }
            items.append(.object(PgFields(entries)))
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// The tag of the node that starts at `start` (`{"CreateStmt": ...` → `CreateStmt`), without moving.
    private func kind(at start: Int) -> String? {
        var reader = self
        reader.at = start
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        guard let kind = reader.string(), reader.consume(UInt8(ascii: ":")) else { return nil }
        return kind
    }

    /// How deeply a statement's tree may nest to be decoded: every walk over a decoded tree recurses, so deeper
    /// ones (`1 + 1 + … + 1` with thousands of terms nests its tree as deep) would overflow a thread's stack.
    /// Far past any real statement: each level of an expression is three or four levels of JSON.
    static let depthLimit = 1_000

    /// Steps over one JSON value (strings, objects and arrays matched, nothing built): how deeply it nests, or nil
    /// on malformed text.
    private mutating func skipValue() -> Int? {
        skipSpace()
        var depth = 0, deepest = 0
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\""):
                at += 1
                while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                    at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard at < bytes.count else { return nil }
                at += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
                at += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return nil }
                depth -= 1
                at += 1
            default:
                guard depth > 0 else {
                    // A scalar at the top: a number, true, false or null.
                    let start = at
                    while at < bytes.count, !Self.endsScalar(bytes[at]) { at += 1 }
                    return at > start ? 0 : nil
                }
                at += 1
            }
            if depth == 0 { return deepest }
        }
        return nil
    }

    private static func endsScalar(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func value() -> PgNode? {
        skipSpace()
        guard at < bytes.count else { return nil }
        if depth >= Self.depthLimit, bytes[at] == UInt8(ascii: "{") || bytes[at] == UInt8(ascii: "[") { return nil }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            depth += 1
            defer { depth -= 1 }
            var entries: [(key: String, value: PgNode)] = []
            if consume(UInt8(ascii: "}")) { return .object(PgFields(entries)) }
            repeat {
                skipSpace()
                guard let key = string(), consume(UInt8(ascii: ":")), let item = value() else { return nil }
                entries.append((key, item))
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}")) ? .object(PgFields(entries)) : nil
        case UInt8(ascii: "["):
            at += 1
            depth += 1
            defer { depth -= 1 }
            var items: [PgNode] = []
            if consume(UInt8(ascii: "]")) { return .array(items) }
            repeat {
                guard let item = value() else { return nil }
                items.append(item)
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]")) ? .array(items) : nil
        case UInt8(ascii: "\""):
            return string().map(PgNode.string)
        case UInt8(ascii: "t"):
            return word("true") ? .number(1) : nil
        case UInt8(ascii: "f"):
            return word("false") ? .number(0) : nil
        case UInt8(ascii: "n"):
            return word("null") ? .null : nil
        default:
            return number()
        }
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for i in 0 ..< count where bytes[at + i] != text.utf8Start[i] { return false }
        at += count
        return true
    }

    /// An integer; a fraction or exponent is truncated toward zero, as `NSNumber.intValue` does.
    private mutating func number() -> PgNode? {
        let start = at
        while at < bytes.count, let c = Optional(bytes[at]),
              (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { at += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< at]), as: UTF8.self)
        if let n = Int(text) { return .number(n) }
        guard let d = Double(text), d.isFinite, abs(d) < 9.2e18 else { return nil }
        return .number(Int(d))
    }

    /// A string at `at` (its opening quote), escapes decoded.
    private mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
        guard at < bytes.count else { return nil }
        if bytes[at] == UInt8(ascii: "\"") {
            defer { at += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< at]), as: UTF8.self)
        }
        var out = Array(bytes[start ..< at])
        while at < bytes.count {
            let c = bytes[at]
            at += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard at < bytes.count else { return nil }
            let escape = bytes[at]
            at += 1
            if let decoded = JSONHexDigits.singleLetterEscape(escape) {
                out.append(decoded)
                continue
            }
            switch escape {
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if (0xD800 ..< 0xDC00).contains(scalar), word("\\u"), let low = hex4(), (0xDC00 ..< 0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: return nil
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard let value = JSONHexDigits.value(in: UnsafeRawBufferPointer(bytes), at: at) else { return nil }
        at += 4
        return value
    }
}
