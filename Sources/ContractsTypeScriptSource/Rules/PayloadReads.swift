import ContractsCore

/// What a name holds when it comes from a registered RPC: the client's response (`{ data, error }`), the
/// payload itself, or an array of a payload (`request_details`).
enum PayloadValue {
    case response(PayloadShape)
    case object(PayloadShape)
    case array(PayloadShape)
}

/// One access after an expression: `.key`, `?.key`, `['key']`, `[i]`, or a transparent `!`.
struct Accessor {
    var key: String?
    var keyIndex: Int
    /// Index of the accessor's last token.
    var end: Int
    var isIndex: Bool
}

extension TSSource {
    /// The access right after token `i`, if any.
    func accessor(after i: Int) -> Accessor? {
        var j = i + 1
        if isPunct(j, "!"), !isPunct(j + 1, "=") { return Accessor(key: nil, keyIndex: j, end: j, isIndex: false) }
        if isPunct(j, ".") || isPunct(j, "?.") {
            if let t = token(j + 1), t.kind == .identifier { return Accessor(key: t.text, keyIndex: j + 1, end: j + 1, isIndex: false) }
            if isPunct(j, "?.") { j += 1 } else { return nil }
        }
        guard isPunct(j, "["), partner[j] > j else { return nil }
        if partner[j] == j + 2, let s = token(j + 1), s.kind == .string {
            return Accessor(key: s.value, keyIndex: j + 1, end: j + 2, isIndex: false)
        }
        return Accessor(key: nil, keyIndex: j, end: partner[j], isIndex: true)
    }

    /// Token indices in `range` where `name` is read as a variable, up to its next declaration.
    func reads(of name: String, in range: Range<Int>) -> [Int] {
        var out: [Int] = []
        for i in range where isWord(i, name) && !isPunct(i - 1, ".") && !isPunct(i - 1, "?.") {
            if declares(i) { break }
            out.append(i)
        }
        return out
    }

    /// Whether the identifier at `i` declares a name: `const x`, `let { x }`, `{ a: x } =`, a parameter.
    func declares(_ i: Int) -> Bool {
        if ["const", "let", "var", "function"].contains(where: { isWord(i - 1, $0) }) { return true }
        let open = enclosing[i]
        guard open >= 0 else { return false }
        if isPunct(open, "{"), isPattern(open) {
            return isPunct(i - 1, ":") || isPunct(i + 1, ",") || isPunct(i + 1, "}") || isPunct(i + 1, "=")
        }
        if isPunct(open, "("), partner[open] > open, isPunct(partner[open] + 1, "=>") { return true }
        return isPunct(i + 1, "=>")
    }
}
