import ContractsCore
import ContractsTypeScriptSource
import Foundation

/// A push type only the push data carries: the key the app's push handling switches over (`switch type` on a
/// `userInfo["type"]` read, arms of string literals, or `if type == "x"`), with the values the arms match and the
/// values push builders write under that key (`sendPush(..., { type: "invite_received", ... })`). No column holds
/// it; a value a builder writes is registered even when no arm handles it (it is written, so it is drift).
struct PushTypeDraft: Sendable, Equatable {
    var key: String
    /// Arms' values first, in source order, then the values only builders write.
    var values: [String]
    /// The switch (or comparison) that routes on the key.
    var routedAt: SourceLocation
    /// Where builders write the key, one per file, in path order.
    var writtenAt: [SourceLocation]
}

enum PushTypeDiscovery {
    /// Each key the push handling routes on with two values or more, the most values first.
    static func find(_ files: ProjectFiles, typeScript: [TSSource], migrations: [String] = []) throws -> [PushTypeDraft] {
        var routed: [String: (values: [String], at: SourceLocation)] = [:]
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            guard text.contains("userInfo") else { continue }
            for (key, values, at) in routes(in: text, path: path) {
                var entry = routed[key] ?? ([], at)
                for v in values where !entry.values.contains(v) { entry.values.append(v) }
                routed[key] = entry
            }
        }
        // A key the registry can hold (a JSON key init writes bare): an identifier.
        let keys = routed.filter { $0.value.values.count >= 2 && Identifiers.isIdentifier($0.key) }.sorted { a, b in
            a.value.values.count != b.value.values.count ? a.value.values.count > b.value.values.count : a.key < b.key
        }
        let sources = typeScript.sorted { $0.path < $1.path }
        let sql = try migrations.map { ($0, try files.tree.readText($0)) }
        return keys.map { key, routing in
            var values = routing.values, writtenAt: [SourceLocation] = []
            let written = sources.map { builderValues($0, key: key) } + sql.map { sqlBuilderValues($0.1, path: $0.0, key: key) }
            for file in written {
                guard let first = file.first else { continue }
                writtenAt.append(first.at)
                for w in file where !values.contains(w.value) { values.append(w.value) }
            }
            return PushTypeDraft(key: key, values: values.filter(Identifiers.isWireValue), routedAt: routing.at, writtenAt: writtenAt)
        }
    }

    /// Whether a routed key selects the screen: most of its values name the deep-link enum's cases (`"fixture"` →
    /// `.fixture`). Such a key is the deep links' `link_key`, not a push type.
    static func selectsScreen(_ push: PushTypeDraft, _ links: DeepLinkDraft?) -> Bool {
        guard let links else { return false }
        func normal(_ s: String) -> String { s.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "") }
        let cases = Set(links.cases.map { normal($0.name) })
        let named = push.values.filter { cases.contains(normal($0)) }.count
        return named * 2 >= push.values.count && named >= 2
    }

    /// Each key a Swift file routes on: `let x = userInfo["k"] ...` then `switch x {` with `case "a", "b":` arms (or
    /// `switch userInfo["k"] as? String {`), and `x == "a"` comparisons.
    static func routes(in text: String, path: String) -> [(key: String, values: [String], at: SourceLocation)] {
        var bound: [String: String] = [:]
        for m in matches(#"\blet\s+(\w+)\s*=\s*\(?\s*(?:\w+\.)?userInfo\s*\[\s*"([^"\\]+)"\s*\]"#, text) { bound[m[1].text] = m[2].text }
        var out: [(String, [String], SourceLocation)] = []
        let ns = text as NSString
        for m in matches(#"\bswitch\s+(?:(\w+)|\(?\s*(?:\w+\.)?userInfo\s*\[\s*"([^"\\]+)"\s*\][^{\n]*)\s*\{"#, text) {
            let key = m[2].text.isEmpty ? bound[m[1].text] : m[2].text
            guard let key, let open = m[0].range.map({ $0.location + $0.length - 1 }) else { continue }
            let body = block(ns, open: open)
            var values: [String] = []
            // Arms at the switch's own depth: `case "a", "b":`.
            for arm in matches(#"(?m)^\s*case\s+((?:"[^"\\\n]*"\s*,?\s*)+):"#, body) {
                for v in matches(#""([^"\\\n]*)""#, arm[1].text) where !values.contains(v[1].text) { values.append(v[1].text) }
            }
            guard !values.isEmpty else { continue }
            out.append((key, values, TextOffsets.location(ns, path, m[0].range?.location ?? 0)))
        }
        for (name, key) in bound.sorted(by: { $0.key < $1.key }) {
            var values: [String] = [], at: Int?
            for m in matches(#"\b"# + NSRegularExpression.escapedPattern(for: name) + #"\s*==\s*"([^"\\\n]+)""#, text) {
                if !values.contains(m[1].text) { values.append(m[1].text) }
                at = at ?? m[0].range?.location
            }
            if let at, !values.isEmpty { out.append((key, values, TextOffsets.location(ns, path, at))) }
        }
        return out
    }

    /// The string values a push builder call writes under `key`: a call whose name says it sends a push
    /// (`sendPush`, `notifyUser`, `pushToDevice`), its object arguments' `key: "x"` pairs, nested objects included.
    static func builderValues(_ source: TSSource, key: String) -> [(value: String, at: SourceLocation)] {
        let tokens = source.tokens
        var out: [(String, SourceLocation)] = []
        for i in tokens.indices where i + 1 < tokens.count && tokens[i].kind == .identifier && tokens[i + 1].isPunct("(") {
            let name = tokens[i].text.lowercased()
            guard name.contains("push") || name.contains("notif"), i == 0 || !tokens[i - 1].isWord("function"),
                  let close = TypeScriptFunctions.closing(tokens, from: i + 1) else { continue }
            var j = i + 2
            while j + 2 < close {
                let t = tokens[j]
                if (t.kind == .identifier || t.kind == .string), t.value == key || t.text == key, tokens[j + 1].isPunct(":"),
                   tokens[j + 2].kind == .string, tokens[j - 1].isPunct("{") || tokens[j - 1].isPunct(",") {
                    out.append((tokens[j + 2].value, source.location(of: j + 2)))
                }
                j += 1
            }
        }
        return out
    }

    /// The values an SQL push builder writes under `key`: in the arguments of a call whose name says it sends a
    /// push or a notification (`queue_push(..., jsonb_build_object('type', 'invite_received', ...))`), `'key', 'x'`.
    static func sqlBuilderValues(_ text: String, path: String, key: String) -> [(value: String, at: SourceLocation)] {
        let blanked = FreeTextEnumDiscovery.blankComments(text)
        let ns = blanked as NSString
        guard let call = try? NSRegularExpression(pattern: #"(?i)\b(?:\w+\.)?\w*(?:push|notif)\w*\s*\("#),
              let pair = try? NSRegularExpression(pattern: "'" + NSRegularExpression.escapedPattern(for: key) + #"'\s*,\s*'([^']+)'"#)
        else { return [] }
        var out: [(String, SourceLocation)] = []
        for m in call.matches(in: blanked, range: NSRange(location: 0, length: ns.length)) {
            let open = m.range.location + m.range.length - 1
            guard let close = TextOffsets.closingParen(ns, from: open) else { continue }
            for p in pair.matches(in: blanked, range: NSRange(location: open, length: close - open)) {
                out.append((ns.substring(with: p.range(at: 1)), TextOffsets.location(ns, path, p.range(at: 1).location)))
            }
        }
        return out
    }

    // MARK: - Text helpers

    struct Group {
        var text: String
        var range: NSRange?
    }

    private static func matches(_ pattern: String, _ text: String) -> [[Group]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { i in
                let r = m.range(at: i)
                return r.location == NSNotFound ? Group(text: "", range: nil) : Group(text: ns.substring(with: r), range: r)
            }
        }
    }

    /// The text inside the braces opening at `open`, with nested blocks blanked out (only the block's own arms).
    private static func block(_ ns: NSString, open: Int) -> String {
        var depth = 0, out = "", i = open
        while i < ns.length {
            let c = ns.character(at: i)
            if c == 123 { depth += 1; if depth == 1 { i += 1; continue } }
            if c == 125 { depth -= 1; if depth == 0 { break } }
            if depth == 1 { out.append(Character(UnicodeScalar(c) ?? " ")) } else if c == 10 { out.append("\n") }
            i += 1
        }
        return out
    }
}
