/// An object literal that stands for a notification: a push payload or a row of the notifications table.
///
/// Only these are judged, so an unrelated `{ type: 'button' }` or `new Blob([], { type: 'text/plain' })`
/// never is: an object qualifies when it is a row written to the registry's table (in place, or by name,
/// `map` or `push`: see `writtenRows`), an argument of a registered emitter, the body of a
/// `functions.invoke` call, or it carries a push key (a deep-link payload key, the link key, or `aps`) and is
/// not a row of another table.
struct NotificationObject {
    var open: Int
    var properties: [TSProperty]
    /// Inserted/upserted/updated into a table that holds the enum: its type key is that table's column.
    var isRow: Bool
    var isEmitterArgument: Bool
    /// The `body` of `supabase.functions.invoke(name, { body })`: a payload another function receives.
    var isInvokedBody: Bool
    /// Qualifies only as an `invoke` body: its type is judged, but it is a request to another function, not a
    /// push payload, so its keys are not held to the deep links' (`ts-payload-key-drift`).
    var isOnlyInvokedBody: Bool
    /// A row, an emitter argument, or carrying `aps` or the link key; otherwise it only carries a deep-link
    /// payload key (`user_id` is common), so an unregistered type in it is judged only as a near miss.
    var isCertain: Bool
    /// The entry carrying the type (`type:` / `notification_type:` / the row column).
    var typeProperty: TSProperty?
}

extension TSSource {
    /// Every object literal in the file that qualifies as a notification.
    func notificationObjects(contract: TSContract) -> [NotificationObject] {
        var out: [NotificationObject] = []
        let rows = writtenRows(), bodies = invokedBodies()
        for open in tokens.indices where isPunct(open, "{") && isObjectLiteral(open) && !isPattern(open) {
            let props = properties(ofObjectAt: open)
            let table = rowTable(open) ?? rows[open]
            // A row of another table (`profiles`, `messages`) is never a notification, whatever it carries.
            if let table, contract.rowColumns[table] == nil { continue }
            let isRow = table != nil
            let isEmitter = isEmitterArgument(open, contract: contract)
            let isBody = bodies.contains(open)
            let keys = Set(props.filter { $0.kind != .spread && $0.kind != .computed }.map(\.key))
            let carriesPushKey = !keys.isDisjoint(with: contract.deepLinkKeys)
            let qualifiesAlone = isRow || isEmitter || keys.contains("aps") || contract.linkKey.map(keys.contains) == true
            let isCertain = qualifiesAlone || isBody
            guard isCertain || carriesPushKey else { continue }
            let typeKey = table.flatMap { contract.rowColumns[$0] } ?? contract.typeKey
            let typeProperty = props.first { ($0.kind == .keyValue || $0.kind == .shorthand) && $0.key == typeKey }
            out.append(NotificationObject(open: open, properties: props, isRow: isRow, isEmitterArgument: isEmitter,
                                          isInvokedBody: isBody,
                                          isOnlyInvokedBody: isBody && !qualifiesAlone && !carriesPushKey,
                                          isCertain: isCertain, typeProperty: typeProperty))
        }
        return out
    }

    /// `fn(..., { ... })` where `fn` is a registered emitter (a call, not its declaration).
    func isEmitterArgument(_ open: Int, contract: TSContract) -> Bool {
        let paren = enclosing[open]
        guard paren >= 1, isPunct(paren, "("), let callee = token(paren - 1), callee.kind == .identifier,
              contract.emitters.keys.contains(callee.text) else { return false }
        return !isWord(paren - 2, "function")
    }

    /// The table an object literal is written to: `.from('t').insert({ ... })` (also `upsert`, `update`,
    /// and arrays of rows), without its schema.
    func rowTable(_ open: Int) -> String? {
        var paren = enclosing[open]
        if paren >= 0, isPunct(paren, "[") { paren = enclosing[paren] }
        guard paren >= 2, isPunct(paren, "("), let verb = token(paren - 1),
              ["insert", "upsert", "update"].contains(verb.text), isPunct(paren - 2, ".") else { return nil }
        let start = chainStart(endingAt: paren - 1)
        guard start < paren else { return nil }
        for i in start..<paren where isWord(i, "from") && isPunct(i + 1, "(") {
            guard let table = token(i + 2), table.kind == .string else { continue }
            return TSSource.unqualified(table.value)
        }
        return nil
    }

    static func unqualified(_ table: String) -> String {
        table.split(separator: ".").last.map(String.init) ?? table
    }
}
