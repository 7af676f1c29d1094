import ContractsTypeScriptSource
import Foundation

/// The keys the server's pushes send, as the emitters are called: the object literals passed to a TypeScript
/// emitter (`sendPushToUser(supabase, userId, 'message', title, body, { conversation_id })`) and the
/// `jsonb_build_object(...)` passed to an SQL one (`queue_push_notification(..., jsonb_build_object('user_id', ...))`),
/// with an object-valued key (`data: { ... }`) read for its own keys (never `aps`'s).
enum SentPushKeys {
    /// `pushArguments`: each emitter's 1-based positions that carry the push's data.
    static func typeScript(_ sources: [TSSource], pushArguments: [String: ClosedRange<Int>]) -> [String] {
        var out: [String] = []
        for source in sources {
            let tokens = source.tokens
            for i in tokens.indices.dropFirst() where tokens[i].kind == .identifier {
                guard let positions = pushArguments[tokens[i].text], i + 1 < tokens.count, tokens[i + 1].isPunct("("),
                      !tokens[i - 1].isWord("function"), let close = TypeScriptFunctions.closing(tokens, from: i + 1) else { continue }
                var j = i + 2, position = 1
                while j < close {
                    if tokens[j].isPunct(",") { position += 1 }
                    if tokens[j].isPunct("{"), tokens[j - 1].isPunct("(") || tokens[j - 1].isPunct(","), positions.contains(position),
                       let end = TypeScriptFunctions.closing(tokens, from: j) {
                        keys(tokens, j, end, into: &out)
                        j = end
                    } else if opens(tokens[j]), let end = TypeScriptFunctions.closing(tokens, from: j) {
                        j = end  // a nested call or array: not the push itself
                    }
                    j += 1
                }
            }
        }
        return out
    }

    static func sql(_ files: ProjectFiles, migrations: [String], pushArguments: [String: ClosedRange<Int>]) throws -> [String] {
        var out: [String] = []
        for path in migrations {
            let text = try files.tree.readText(path)
            for (name, positions) in pushArguments.sorted(by: { $0.key < $1.key }) where text.range(of: name, options: .caseInsensitive) != nil {
                for arguments in SQLFunctionText.calls(of: name, in: text) {
                    for (index, argument) in arguments.enumerated() where positions.contains(index + 1) { jsonbKeys(argument, into: &out) }
                }
            }
        }
        return out
    }

    /// The keys of the object literal between `open` and `close`.
    private static func keys(_ tokens: [TSToken], _ open: Int, _ close: Int, into out: inout [String]) {
        var j = open + 1
        while j < close {
            let t = tokens[j]
            if (t.kind == .identifier || t.kind == .string), tokens[j - 1].isPunct("{") || tokens[j - 1].isPunct(","),
               j + 1 <= close, tokens[j + 1].isPunct(":") || tokens[j + 1].isPunct(",") || tokens[j + 1].isPunct("}") {
                let key = t.kind == .string ? t.value : t.text
                if tokens[j + 1].isPunct(":"), j + 2 < close, tokens[j + 2].isPunct("{"),
                   let end = TypeScriptFunctions.closing(tokens, from: j + 2) {
                    if key != "aps" { keys(tokens, j + 2, end, into: &out) }
                    j = end + 1
                    continue
                }
                if !out.contains(key) { out.append(key) }
            }
            if opens(t), let end = TypeScriptFunctions.closing(tokens, from: j) {
                j = end
            }
            j += 1
        }
    }

    private static func opens(_ token: TSToken) -> Bool {
        token.kind == .punctuator && ["(", "[", "{"].contains(token.text)
    }

    /// `jsonb_build_object('k', v, ...)`'s constant keys, a nested build's keys for its key (not `aps`).
    private static func jsonbKeys(_ argument: String, into out: inout [String]) {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["jsonb_build_object(", "json_build_object("] where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
            let items = SQLFunctionText.splitTopLevel(String(trimmed.dropFirst(prefix.count).dropLast()))
            for pair in stride(from: 0, to: items.count - 1, by: 2) {
                let key = items[pair]
                guard key.count >= 2, key.hasPrefix("'"), key.hasSuffix("'") else { continue }
                let name = String(key.dropFirst().dropLast())
                let value = items[pair + 1].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("jsonb_build_object(") || value.hasPrefix("json_build_object(") {
                    if name != "aps" { jsonbKeys(value, into: &out) }
                } else if !out.contains(name) {
                    out.append(name)
                }
            }
        }
    }
}
