import ContractsCore

/// The keys an edge function's successful JSON replies carry, read from its `index.ts`.
public struct EdgeFunctionReply: Sendable, Equatable, Codable {
    /// Every key some successful reply carries: a key none of them carries never reaches the app.
    public var keys: Set<String>
    /// The first successful reply.
    public var location: SourceLocation
}

/// Reads what an edge function answers: every `new Response(JSON.stringify(body), init)` and
/// `Response.json(body, init)` of its file. A reply whose `init` gives a literal `status` of 300 or more is an error
/// the client throws on (supabase's `functions.invoke` decodes 2xx only), and a body that is a string literal or
/// `null` (`new Response("ok", { headers })`, a CORS preflight) is no JSON; every other reply must be an object
/// literal without spreads or computed keys, or a `const` bound to one that is never written through. Anything
/// else (a body built elsewhere, a helper that wraps `Response`, a status not known) makes the reply unknown: nil,
/// and nothing is judged against it.
public enum EdgeFunctionReplyReader {
    public static func reply(path: String, text: String) -> EdgeFunctionReply? {
        guard text.contains("Response") else { return nil }
        return TSLexes.source(path, text: text).edgeFunctionReply()
    }

    /// The edge function a file serves: the folder holding its `index.ts` (`supabase/functions/get-wallet/index.ts`
    /// → `get-wallet`); nil for any other file.
    public static func functionName(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, ["index.ts", "index.tsx", "index.js", "index.mjs"].contains(parts[parts.count - 1]) else { return nil }
        return String(parts[parts.count - 2])
    }
}

extension TSSource {
    func edgeFunctionReply() -> EdgeFunctionReply? {
        var keys = Set<String>()
        var first: Int?
        for i in tokens.indices {
            let call: Int
            if isWord(i, "new"), isWord(i + 1, "Response"), isPunct(i + 2, "(") {
                call = i + 2
            } else if isWord(i, "Response"), isPunct(i + 1, "."), isWord(i + 2, "json"), isPunct(i + 3, "("), !isPunct(i - 1, ".") {
                call = i + 3
            } else {
                continue
            }
            let arguments = self.arguments(ofCallAt: call)
            guard let body = arguments.first else { continue }
            // An error status: the client throws before decoding.
            let status = arguments.count > 1 ? replyStatus(arguments[1]) : .known(200)
            if case .known(let code) = status, code >= 300 { continue }
            var bodyTokens = body
            if isWord(call - 1, "Response") && isWord(call - 2, "new") {
                // `new Response(JSON.stringify(x))`: the JSON is x; a text body is no JSON reply.
                if body.count == 1, let t = token(body.lowerBound), t.kind == .string || t.isWord("null") { continue }
                guard body.count >= 4, isWord(body.lowerBound, "JSON"), isPunct(body.lowerBound + 1, "."),
                      isWord(body.lowerBound + 2, "stringify"), isPunct(body.lowerBound + 3, "("),
                      partner[body.lowerBound + 3] == body.upperBound - 1,
                      let inner = self.arguments(ofCallAt: body.lowerBound + 3).first else { return nil }
                bodyTokens = inner
            }
            guard case .known = status, let replyKeys = objectKeys(bodyTokens) else { return nil }
            keys.formUnion(replyKeys)
            if first == nil { first = i }
        }
        guard let first else { return nil }
        return EdgeFunctionReply(keys: keys, location: location(of: first))
    }

    private enum ReplyStatus {
        case known(Int)
        case unknown
    }

    /// The `status` of a `ResponseInit` object literal: 200 when it names none, unknown when it is no literal or a
    /// spread could bring one.
    private func replyStatus(_ range: Range<Int>) -> ReplyStatus {
        guard isPunct(range.lowerBound, "{"), partner[range.lowerBound] == range.upperBound - 1 else { return .unknown }
        var status = ReplyStatus.known(200)
        for property in properties(ofObjectAt: range.lowerBound) {
            switch property.kind {
            case .spread, .computed:
                status = .unknown
            case .keyValue where property.key == "status":
                if property.value.count == 1, let t = token(property.value.lowerBound), t.kind == .number, let code = Int(t.text) {
                    status = .known(code)
                } else {
                    status = .unknown
                }
            case .shorthand where property.key == "status":
                status = .unknown
            default:
                break
            }
        }
        return status
    }

    /// The keys of the object a body's tokens hold: an object literal, or a `const` bound to one once in the file
    /// and never written through (`body.extra = …`, `body[k] = …`, `Object.assign(body, …)`).
    private func objectKeys(_ range: Range<Int>) -> Set<String>? {
        if isPunct(range.lowerBound, "{"), partner[range.lowerBound] == range.upperBound - 1 {
            return literalKeys(at: range.lowerBound)
        }
        guard range.count == 1, let name = token(range.lowerBound), name.kind == .identifier else { return nil }
        var literal: Int?
        for i in tokens.indices where isWord(i, name.text) && !isPunct(i - 1, ".") && !isPunct(i - 1, "?.") {
            if isWord(i - 1, "const"), isPunct(i + 1, "="), isPunct(i + 2, "{") {
                guard literal == nil else { return nil }
                literal = i + 2
            } else if isWord(i - 1, "let") || isWord(i - 1, "var") || isPunct(i + 1, "=") || isPunct(i + 1, "[") {
                return nil
            } else if isPunct(i + 1, ".") || isPunct(i + 1, "?.") {
                // A write through the name (`body.extra = 1`) adds a key; a read is harmless.
                if let after = token(i + 3), after.kind == .punctuator, ["=", "+=", "??=", "||=", "&&="].contains(after.text) { return nil }
            } else if isPunct(i - 1, "("), isWord(i - 2, "assign") {
                return nil
            }
        }
        return literal.flatMap(literalKeys)
    }

    private func literalKeys(at open: Int) -> Set<String>? {
        var keys = Set<String>()
        for property in properties(ofObjectAt: open) {
            guard [.keyValue, .shorthand, .method].contains(property.kind) else { return nil }
            keys.insert(property.key)
        }
        return keys
    }
}
