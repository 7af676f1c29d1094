import ContractsCore

extension TSSource {
    /// The notification enum's type declarations, under its TypeScript type name: a union of literals
    /// (`type NotificationType = 'message' | 'ride_claimed'`) or a string enum (`enum NotificationType { Message =
    /// 'message' }`). `type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES]` has no
    /// literals and is left to the const. Read apart from the other enums' (`enumSurfaces`): the notification enum
    /// is not looked for in Records and typed arrays, where its reports never looked.
    func notificationTypeSurfaces(_ types: NotificationTypeSet) -> [EnumSurface] {
        let name = types.typescriptType
        var out: [EnumSurface] = []
        for i in tokens.indices where isWord(i + 1, name) {
            if isWord(i, "type"), isPunct(i + 2, "="), let members = literalUnion(from: i + 3) {
                out.append(EnumSurface(what: "the union type \(name)", sharedEnum: types.sharedEnum, nameIndex: i + 1,
                                       members: members, isComplete: true, layout: .union, kind: .type))
            } else if isWord(i, "enum"), isPunct(i + 2, "{"), partner[i + 2] > i {
                let members = properties(ofObjectAt: i + 2).compactMap { p -> Int? in
                    // `Key = 'raw'` reads as a shorthand with a default; the literal follows the `=`.
                    let literal = p.keyIndex + 2
                    return isPunct(p.keyIndex + 1, "=") && token(literal)?.kind == .string ? literal : nil
                }
                guard !members.isEmpty else { continue }
                out.append(EnumSurface(what: "the enum \(name)", sharedEnum: types.sharedEnum, nameIndex: i + 1,
                                       members: members, isComplete: true, layout: .keyed, kind: .type))
            }
        }
        return out
    }

    /// The notification enum's `as const` object, under its const's name: `const NOTIFICATION_TYPES[: annotation] = {
    /// KEY: 'raw', ... } as const`, or wrapped in `Object.freeze(...)`. Its `KEY: 'raw'` entries are its members, each
    /// with its key; other properties are left alone.
    func notificationConstSurfaces(_ types: NotificationTypeSet) -> [EnumSurface] {
        let name = types.typescriptConst
        var out: [EnumSurface] = []
        for i in tokens.indices where isWord(i, "const") && isWord(i + 1, name) {
            var open = i + 2
            // `const NOTIFICATION_TYPES: Record<string, string> = {`: skip a type annotation.
            if isPunct(open, ":") {
                while open < tokens.count, !isPunct(open, "="), !isPunct(open, ";") { open += 1 }
            }
            guard isPunct(open, "=") else { continue }
            var brace = open + 1
            if isWord(brace, "Object"), isPunct(brace + 1, "."), isWord(brace + 2, "freeze"), isPunct(brace + 3, "(") { brace += 4 }
            guard isPunct(brace, "{") else { continue }
            let properties = properties(ofObjectAt: brace)
            let entries = properties.filter { p in
                p.kind == .keyValue && p.value.count == 1 && token(p.value.lowerBound)?.kind == .string
            }
            out.append(EnumSurface(what: "the const \(name)", sharedEnum: types.sharedEnum, nameIndex: i + 1,
                                   members: entries.map(\.value.lowerBound), isComplete: true,
                                   layout: entries.count == properties.count ? .entries : .keyed, kind: .value,
                                   keys: entries.map { ($0.key, $0.keyIndex) }))
        }
        return out
    }
}
