/// An object literal that stands for a notification: a push payload or a row of the notifications table.
///
/// Only these are judged, so an unrelated `{ type: 'button' }` or `new Blob([], { type: 'text/plain' })`
/// never is: an object qualifies when it is a row inserted into the registry's table, an argument of a
/// registered emitter, or it carries a push key (a deep-link payload key, the link key, or `aps`).
struct NotificationObject {
    var open: Int
    var properties: [TSProperty]
    /// Inserted/upserted/updated into the notifications table: its type key is the SQL column.
    var isRow: Bool
    var isEmitterArgument: Bool
    /// The entry carrying the type (`type:` / `notification_type:` / the row column).
    var typeProperty: TSProperty?
}

extension TSSource {
    /// Every object literal in the file that qualifies as a notification.
    func notificationObjects(contract: TSContract) -> [NotificationObject] {
        var out: [NotificationObject] = []
        for open in tokens.indices where isPunct(open, "{") && isObjectLiteral(open) && !isPattern(open) {
            let props = properties(ofObjectAt: open)
            let isRow = isRowObject(open, contract: contract)
            let isEmitter = isEmitterArgument(open, contract: contract)
            let pushKeys = contract.deepLinkKeys.union([contract.linkKey, "aps"].compactMap { $0 })
            let carriesPushKey = props.contains { $0.kind != .spread && $0.kind != .computed && pushKeys.contains($0.key) }
            guard isRow || isEmitter || carriesPushKey else { continue }
            let typeKey = isRow ? contract.rowKey : contract.typeKey
            let typeProperty = props.first { ($0.kind == .keyValue || $0.kind == .shorthand) && $0.key == typeKey }
            out.append(NotificationObject(open: open, properties: props, isRow: isRow, isEmitterArgument: isEmitter,
                                          typeProperty: typeProperty))
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

    /// `.from('notifications').insert({ ... })` (also `upsert`, `update`, and arrays of rows).
    func isRowObject(_ open: Int, contract: TSContract) -> Bool {
        var paren = enclosing[open]
        if paren >= 0, isPunct(paren, "[") { paren = enclosing[paren] }
        guard paren >= 2, isPunct(paren, "("), let verb = token(paren - 1),
              ["insert", "upsert", "update"].contains(verb.text), isPunct(paren - 2, ".") else { return false }
        let start = chainStart(endingAt: paren - 1)
        guard start < paren else { return false }
        for i in start..<paren where isWord(i, "from") && isPunct(i + 1, "(") {
            guard let table = token(i + 2), table.kind == .string else { continue }
            let name = table.value.split(separator: ".").last.map(String.init) ?? table.value
            let registered = contract.rowTable.split(separator: ".").last.map(String.init) ?? contract.rowTable
            if name == registered { return true }
        }
        return false
    }
}
