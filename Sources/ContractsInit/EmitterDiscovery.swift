import ContractsCore
import ContractsTypeScriptSource
import Foundation

/// A function whose argument carries a notification type, as `emitters:` declares it.
struct EmitterDraft: Sendable, Equatable {
    var function: String
    /// 1-based position (SQL, TypeScript).
    var argument: Int?
    /// Argument label (Swift).
    var label: String?
    var location: SourceLocation
    /// A push sender's `payload` parameter, 1-based: the argument that is the push (TypeScript, no `argument`).
    var payloadArgument: Int?
}

/// Finds emitters the way the readers use them: SQL functions that insert one of their parameters into the type
/// column (or into a `notification_type` column of a notification queue, as `queue_push_notification(p_user_id,
/// p_type, ...)` does) or pass it on to such a function; TypeScript and Swift functions named for sending
/// notifications (`sendPushToUser`, `sendNotification`, `notifyUser`) with a `string`/`String` parameter named like
/// the type key (`type`, `kind`, `notificationType`); and a push sender a `_shared/` module exports to other
/// functions that takes the whole `payload` (`sendPushNotification(target, payload)`: no argument, its object is
/// the push). A `kind:` parameter of a function named otherwise (`play(kind:)`) is not one.
enum EmitterDiscovery {
    /// Every emitter; then, when the app's reads gave `push_keys` (with them `check` holds every key a push sends
    /// to the registry), the keys the emitters' pushes send that those reads left out, optional.
    static func fill(_ draft: inout InitDraft, _ files: ProjectFiles, typeScript: [TSSource], migrations: [String],
                     typeKeys: Set<String>) throws {
        let sql = try self.sql(files, migrations: migrations, column: draft.column)
        let ts = typeScriptEmitters(typeScript, typeKeys: typeKeys)
        draft.emitters = (sql: sql, typescript: ts, swift: try swift(files, typeKeys: typeKeys))
        guard !draft.pushKeys.isEmpty else { return }
        // The push's data: the arguments after the type (`..., 'message', title, body, { conversation_id })`), or a
        // sender's payload.
        var pushArguments: [String: ClosedRange<Int>] = [:]
        for e in ts { pushArguments[e.function] = e.argument.map { ($0 + 1)...Int.max } ?? e.payloadArgument.map { $0...$0 } }
        for e in sql { pushArguments[unqualified(e.function)] = e.argument.map { ($0 + 1)...Int.max } }
        var known = Set(draft.pushKeys.map(\.key)).union(typeKeys).union(["deep_link"]).union(EmitterDiscovery.serviceKeys)
        for c in draft.deepLinks?.cases ?? [] {
            for p in c.params { known.insert(p.payloadKey ?? DeepLinkChoice.guessedKey(case: c.name, param: p.name)) }
        }
        let sent = SentPushKeys.typeScript(typeScript, pushArguments: pushArguments)
            + (try SentPushKeys.sql(files, migrations: migrations, pushArguments: pushArguments))
        for key in sent where !known.contains(key) {
            known.insert(key)
            draft.pushKeys.append(PushKeyDraft(key: key, type: PushHandlingChoice.looksLikeID(key) ? "uuid" : "string", optional: true, types: []))
        }
        draft.pushKeys.sort { $0.key < $1.key }
    }

    /// Keys push services define (`aps`, `title`, `data`, ...): never a key of the app's. A recipient's id
    /// (`user_id`) is not among them: the app reads it like any other key, and `check` judges that read.
    static let serviceKeys = PushServiceKeys.all.filter { !PushHandlingChoice.looksLikeID($0) }

    static func sql(_ files: ProjectFiles, migrations: [String], column: InitDraft.Column?) throws -> [EmitterDraft] {
        guard let column else { return [] }
        var functions: [(SQLFunctionText.Function, String)] = []
        for path in migrations {
            functions += SQLFunctionText.functions(in: try files.tree.readText(path)).map { ($0, path) }
        }
        // The type column, and a queue's column named for the type (`notification_queue.notification_type`).
        let typeColumns = Set(["notification_type", "notification_kind", "notification_" + column.column])
        let receivesType = { (insert: SQLFunctionText.Insert, index: Int) -> Bool in
            let table = unqualified(insert.table)
            let name = insert.columns[index]
            return (table == column.table && name == column.column)
                || (table.contains("notif") && (typeColumns.contains(name) || name == column.column))
        }
        var byName: [String: EmitterDraft] = [:]
        for (function, path) in functions {
            for insert in SQLFunctionText.inserts(in: function.body) {
                for index in insert.columns.indices where index < insert.values.count && receivesType(insert, index) {
                    guard let parameter = function.parameters.firstIndex(of: SQLFunctionText.uncast(insert.values[index])) else { continue }
                    byName[unqualified(function.name)] = EmitterDraft(function: function.name, argument: parameter + 1, label: nil,
                                                                     location: SourceLocation(file: path, line: function.line, column: 1))
                }
            }
        }
        // A function that hands its parameter on as an emitter's type argument is one too (`notify_user` calling
        // `queue_push_notification(p_user_id, p_type, ...)`).
        var grew = true
        while grew {
            grew = false
            for (function, path) in functions where byName[unqualified(function.name)] == nil {
                let handedOn = byName.sorted { $0.key < $1.key }.lazy.compactMap { callee, emitter -> Int? in
                    guard let position = emitter.argument else { return nil }
                    return SQLFunctionText.calls(of: callee, in: function.body).lazy.compactMap { arguments -> Int? in
                        position <= arguments.count ? function.parameters.firstIndex(of: SQLFunctionText.uncast(arguments[position - 1])) : nil
                    }.first
                }.first
                guard let parameter = handedOn else { continue }
                byName[unqualified(function.name)] = EmitterDraft(function: function.name, argument: parameter + 1, label: nil,
                                                                 location: SourceLocation(file: path, line: function.line, column: 1))
                grew = true
            }
        }
        return byName.values.sorted { $0.function < $1.function }
    }

    /// Functions declared in TypeScript (`function f(...)`, `const f = async (...) =>`) named for sending: with a
    /// parameter carrying the type, its position; else, exported from a `_shared/` module that other files
    /// import it from, with a `payload` parameter: no argument (the object it is given is the push).
    static func typeScriptEmitters(_ sources: [TSSource], typeKeys: Set<String>) -> [EmitterDraft] {
        var out: [EmitterDraft] = []
        var senders: [(EmitterDraft, TSSource)] = []
        for source in sources {
            for (name, parameters, at) in TypeScriptFunctions.declarations(in: source) where namedForSending(name) {
                guard !out.contains(where: { $0.function == name }) else { continue }
                if let index = parameters.firstIndex(where: { isTypeParameter($0.name, typeKeys) && carriesText($0.type) }) {
                    out.append(EmitterDraft(function: name, argument: index + 1, label: nil, location: source.location(of: at)))
                } else if source.path.contains("/_shared/"), let payload = parameters.firstIndex(where: { $0.name == "payload" }),
                          source.tokens[..<at].suffix(3).contains(where: { $0.isWord("export") }) {
                    senders.append((EmitterDraft(function: name, argument: nil, label: nil, location: source.location(of: at),
                                                 payloadArgument: payload + 1), source))
                }
            }
        }
        for (sender, declared) in senders where !out.contains(where: { $0.function == sender.function }) {
            let imported = sources.contains { $0.path != declared.path && TypeScriptFunctions.imports(sender.function, in: $0) }
            if imported { out.append(sender) }
        }
        return out
    }

    static func swift(_ files: ProjectFiles, typeKeys: Set<String>) throws -> [EmitterDraft] {
        var out: [EmitterDraft] = []
        let pattern = try NSRegularExpression(pattern: #"func\s+([A-Za-z_]\w*)\s*\(([^)]*)\)"#)
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = substring(text, match.range(at: 1)), list = substring(text, match.range(at: 2))
                guard namedForSending(name) else { continue }
                for parameter in list.split(separator: ",") {
                    let parts = parameter.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).hasPrefix("String"),
                          !parts[1].contains("["), let label = parts[0].split(separator: " ").first.map(String.init),
                          isTypeParameter(label, typeKeys), !out.contains(where: { $0.function == name }) else { continue }
                    out.append(EmitterDraft(function: name, argument: nil, label: label, location: location(path, text, match.range)))
                }
            }
        }
        return out
    }

    /// `sendPush`, `sendNotification`, `notifyUser`, `pushToFamily`.
    static func namedForSending(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("notif") || lower.contains("push") || lower.hasPrefix("send")
    }

    /// A type key (`type`, `kind`), or one named for the notification (`notificationType`, `notification_kind`).
    static func isTypeParameter(_ name: String, _ typeKeys: Set<String>) -> Bool {
        let snake = Identifiers.snakeCase(name)
        return typeKeys.contains(name) || typeKeys.contains(snake) || snake == "notification_type" || snake == "notification_kind"
            || typeKeys.contains { snake == "notification_" + $0 }
    }

    /// `string`, the union of the values (`NotificationType`), or no annotation at all.
    private static func carriesText(_ type: String) -> Bool {
        type.isEmpty || type == "string" || type.lowercased().contains("notification") || type.hasSuffix("Type") || type.hasSuffix("Kind")
    }

    static func unqualified(_ name: String) -> String {
        name.lowercased().split(separator: ".").last.map(String.init) ?? name.lowercased()
    }

    private static func substring(_ text: String, _ range: NSRange) -> String {
        Range(range, in: text).map { String(text[$0]) } ?? ""
    }

    private static func location(_ path: String, _ text: String, _ range: NSRange) -> SourceLocation {
        let prefix = Range(range, in: text).map { text[..<$0.lowerBound] } ?? ""
        return SourceLocation(file: path, line: prefix.filter { $0 == "\n" }.count + 1, column: 1)
    }
}
