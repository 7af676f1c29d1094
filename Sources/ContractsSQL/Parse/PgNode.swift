import Foundation

/// A node of libpg_query's JSON parse tree, as plain values.
///
/// The tree is read once per statement and thrown away; facts keep only strings and locations.
/// Booleans and numbers are both `.number` (libpg_query omits false and zero fields).
indirect enum PgNode: Sendable {
    case object([String: PgNode])
    case array([PgNode])
    case string(String)
    case number(Int)
    case null

    /// Converts what `JSONSerialization` returned.
    init(json: Any) {
        switch json {
        case let dict as [String: Any]: self = .object(dict.mapValues(PgNode.init(json:)))
        case let list as [Any]: self = .array(list.map(PgNode.init(json:)))
        case let text as String: self = .string(text)
        case let flag as Bool: self = .number(flag ? 1 : 0)
        case let number as NSNumber: self = .number(number.intValue)
        default: self = .null
        }
    }

    /// Decodes libpg_query's JSON text.
    static func decode(_ text: String) -> PgNode? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        else { return nil }
        return PgNode(json: json)
    }

    subscript(key: String) -> PgNode? {
        if case .object(let dict) = self { return dict[key] }
        return nil
    }

    var items: [PgNode] {
        switch self {
        case .array(let list): return list
        case .object(let dict) where dict.count == 1:
            // `{"List": {"items": [...]}}`
            if let list = dict["List"]?["items"]?.items { return list }
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
        if case .object(let dict) = self, dict.count == 1, let (kind, body) = dict.first,
           let first = kind.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) {
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
        case .object(let dict):
            if let t = tagged {
                visit(t.kind, t.body, ancestors)
                ancestors.append(t.kind)
                t.body.walk(visit, &ancestors)
                ancestors.removeLast()
            } else {
                for key in dict.keys.sorted() { dict[key]!.walk(visit, &ancestors) }
            }
        case .array(let list):
            for item in list { item.walk(visit, &ancestors) }
        default:
            break
        }
    }
}
