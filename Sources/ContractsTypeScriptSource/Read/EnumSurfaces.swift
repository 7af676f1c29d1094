import ContractsCore

/// A hand-written TypeScript declaration that lists an enum's values.
struct EnumSurface {
    /// How the message names it: `the union type ChatRoomStatus`, `the set REPORT_TARGETS`.
    var what: String
    var sharedEnum: SharedEnum
    /// Token index of the declared name (where a missing value is reported).
    var nameIndex: Int
    /// Token indices of the string literals it lists.
    var members: [Int]
    /// Whether it must list every value: a declaration the registry names does; an array typed with the enum's
    /// type under another name may hold a few (`const closable: ChatRoomStatus[] = ['active']`).
    var isComplete: Bool
    /// How its members are written, so `check --fix` can add one.
    var layout: Layout
    /// Whether it declares a type (a union, a Record's value union, a string enum) or a value (a const object, an
    /// array, a set): `ts-const-drift` judges each kind in its own unit.
    var kind: Kind
    /// Each member's key (its name and token index), when the keys are judged too: the notification enum's `as const`
    /// object, whose generated twin fixes every key (`RIDE_CLAIMED: 'ride_claimed'`). Nil for every other surface.
    var keys: [(name: String, index: Int)]? = nil

    enum Kind {
        case type
        case value
    }

    enum Layout {
        /// `'a' | 'b'` (a union, or a Record's value union).
        case union
        /// `['a', 'b']` (an array, or a set's array).
        case list
        /// `{ A: 'a' }` or `enum { A = 'a' }`: each member has a key.
        case keyed
        /// `{ A: 'a' }` whose keys are judged (`keys`) and whose every property is such an entry: a missing value is
        /// added with the key the registry gives it.
        case entries
    }
}

extension TSSource {
    /// The declarations of the file that list a shared enum's values, found in one pass for every enum:
    /// under the registry's `typescript_type` or `typescript_const` name, a union (`type X = 'a' | 'b'`), the
    /// value union of a `Record<K, 'a' | 'b'>`, a string enum, an array or object (`as const`, `Object.freeze`, or
    /// plain), a `new Set([...])`; and under any name, an array or set typed with the enum's type (`Target[]`,
    /// `new Set<Target>([...])`), whose values must be the enum's but need not be all of them.
    func enumSurfaces(_ enums: TSSharedEnums) -> [EnumSurface] {
        guard !enums.bySurfaceName.isEmpty else { return [] }
        var out: [EnumSurface] = []
        for i in tokens.indices where tokens[i].kind == .identifier {
            guard let keyword = token(i - 1), keyword.kind == .identifier else { continue }
            let named = enums.bySurfaceName[tokens[i].text]?.first
            switch keyword.text {
            case "type" where named != nil && isPunct(i + 1, "="):
                if let members = literalUnion(from: i + 2) {
                    out.append(EnumSurface(what: "the union type \(tokens[i].text)", sharedEnum: named!, nameIndex: i, members: members, isComplete: true,
                                           layout: .union, kind: .type))
                } else if let members = recordValues(from: i + 2) {
                    out.append(EnumSurface(what: "the Record value type of \(tokens[i].text)", sharedEnum: named!, nameIndex: i,
                                           members: members, isComplete: true, layout: .union, kind: .type))
                }
            case "enum" where named != nil && isPunct(i + 1, "{") && partner[i + 1] > i:
                let members = properties(ofObjectAt: i + 1).compactMap { p -> Int? in
                    isPunct(p.keyIndex + 1, "=") && token(p.keyIndex + 2)?.kind == .string ? p.keyIndex + 2 : nil
                }
                if !members.isEmpty {
                    out.append(EnumSurface(what: "the enum \(tokens[i].text)", sharedEnum: named!, nameIndex: i, members: members, isComplete: true,
                                           layout: .keyed, kind: .type))
                }
            case "const", "let", "var":
                if let surface = constSurface(at: i, named: named, enums) { out.append(surface) }
            default:
                break
            }
        }
        return out
    }

    /// `const NAME[: annotation] = value`: a surface when the registry names it, or when its annotation or
    /// `new Set<T>` names an enum's type.
    private func constSurface(at i: Int, named: SharedEnum?, _ enums: TSSharedEnums) -> EnumSurface? {
        let name = tokens[i].text
        var equals = i + 1
        var annotation: Range<Int>?
        if isPunct(equals, ":") {
            while equals < min(i + 64, tokens.count), !isPunct(equals, "="), !isPunct(equals, ">="), !isPunct(equals, ";") {
                if partner[equals] > equals { equals = partner[equals] }
                equals += 1
            }
            annotation = (i + 2)..<equals
        }
        guard isPunct(equals, "=") || isPunct(equals, ">=") else { return nil }
        if let named, let annotation, let members = recordValues(from: annotation.lowerBound) {
            return EnumSurface(what: "the Record value type of \(name)", sharedEnum: named, nameIndex: i, members: members, isComplete: true,
                               layout: .union, kind: .type)
        }
        var start = equals + 1
        // `Object.freeze([...])`, `Object.freeze({...})`
        if isWord(start, "Object"), isPunct(start + 1, "."), isWord(start + 2, "freeze"), isPunct(start + 3, "(") { start += 4 }
        var typed = annotation.flatMap { elementType(of: $0) }.flatMap { enums.byTypeName[$0] }
        guard named != nil || typed != nil || (isWord(start, "new") && isPunct(start + 2, "<")) else { return nil }
        let what: String
        let members: [Int]?
        var layout = EnumSurface.Layout.list
        if isWord(start, "new"), isWord(start + 1, "Set") {
            var open = start + 2
            if isPunct(open, "<"), let type = token(open + 1), isPunct(open + 2, ">") {
                typed = typed ?? enums.byTypeName[type.text]
                open += 3
            }
            guard isPunct(open, "("), isPunct(open + 1, "[") else { return nil }
            what = "the set \(name)"
            members = listedLiterals(open + 1)
        } else if isPunct(start, "[") {
            what = "the array \(name)"
            members = listedLiterals(start)
        } else if isPunct(start, "{"), named != nil {
            what = "the const \(name)"
            layout = .keyed
            let props = properties(ofObjectAt: start)
            let values = props.compactMap { p -> Int? in
                p.kind == .keyValue && p.value.count == 1 && token(p.value.lowerBound)?.kind == .string ? p.value.lowerBound : nil
            }
            members = values.count == props.count ? values : nil
        } else {
            return nil
        }
        guard let members, !members.isEmpty, let e = named ?? typed else { return nil }
        return EnumSurface(what: what, sharedEnum: e, nameIndex: i, members: members, isComplete: named != nil, layout: layout,
                           kind: .value)
    }

    /// The element type an annotation gives: `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`, `Set<T>`,
    /// `ReadonlySet<T>`.
    private func elementType(of annotation: Range<Int>) -> String? {
        var k = annotation.lowerBound
        if isWord(k, "readonly") { k += 1 }
        guard let first = token(k), first.kind == .identifier else { return nil }
        if annotation.upperBound == k + 3, isPunct(k + 1, "["), isPunct(k + 2, "]") { return first.text }
        if ["Array", "ReadonlyArray", "Set", "ReadonlySet"].contains(first.text), isPunct(k + 1, "<"),
           let element = token(k + 2), element.kind == .identifier, isPunct(k + 3, ">"), annotation.upperBound == k + 4 {
            return element.text
        }
        return nil
    }

    /// The literals of `[...]` at `open` when every element is one (a trailing comma allowed); nil otherwise.
    private func listedLiterals(_ open: Int) -> [Int]? {
        guard partner[open] > open else { return nil }
        let elements = arguments(ofCallAt: open)
        let literals = elements.compactMap { $0.count == 1 && token($0.lowerBound)?.kind == .string ? $0.lowerBound : nil }
        return literals.count == elements.count ? literals : nil
    }

    /// `'a' | 'b'` from `start` (a leading `|` allowed), up to the end of the type: `;`, a closing bracket, `>`,
    /// `=`, or the next statement's word. Nil unless every member is a string literal.
    func literalUnion(from start: Int) -> [Int]? {
        var i = isPunct(start, "|") ? start + 1 : start
        var members: [Int] = []
        while let t = token(i), t.kind == .string {
            members.append(i)
            guard isPunct(i + 1, "|") else { break }
            i += 2
        }
        guard let last = members.last else { return nil }
        guard let next = token(last + 1) else { return members }
        let ends = next.kind == .identifier || [";", "}", ")", "]", ">", "=", ">=", ","].contains { next.isPunct($0) }
        return ends ? members : nil
    }

    /// The value union of `Record<K, 'a' | 'b'>` at `start`.
    private func recordValues(from start: Int) -> [Int]? {
        guard isWord(start, "Record"), isPunct(start + 1, "<") else { return nil }
        var k = start + 2
        var comma: Int?
        while k < min(start + 64, tokens.count), !isPunct(k, ">"), !isPunct(k, ">="), !isPunct(k, ";") {
            if isPunct(k, ","), comma == nil { comma = k }
            if partner[k] > k { k = partner[k] }
            k += 1
        }
        guard let comma, let members = literalUnion(from: comma + 1), let last = members.last,
              isPunct(last + 1, ">") || isPunct(last + 1, ">=") else { return nil }
        return members
    }
}
