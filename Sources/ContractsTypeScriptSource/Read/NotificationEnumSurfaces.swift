import ContractsCore

extension TSSource {
    /// The notification enum's type declarations, under its TypeScript type name: a union of literals
    /// (`type NotificationType = 'message' | 'ride_claimed'`) or a string enum (`enum NotificationType { Message =
    /// 'message' }`). `type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES]` has no
    /// literals and is left to the const. Read apart from the other enums' (`enumSurfaces`), with the union reader
    /// the notification enum's declarations have always been read with.
    func notificationTypeSurfaces(_ types: NotificationTypeSet) -> [EnumSurface] {
        let name = types.typescriptType
        var out: [EnumSurface] = []
        for i in tokens.indices where isWord(i + 1, name) {
            if isWord(i, "type"), isPunct(i + 2, "="), let members = unionMembers(from: i + 3), !members.isEmpty {
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

    /// Token indices of `'a' | 'b' | ...` from `start` (a leading `|` allowed); nil unless every member is a literal.
    func unionMembers(from start: Int) -> [Int]? {
        var i = isPunct(start, "|") ? start + 1 : start
        var members: [Int] = []
        while let t = token(i), t.kind == .string {
            members.append(i)
            guard isPunct(i + 1, "|") else { break }
            i += 2
        }
        let next = token(members.last.map { $0 + 1 } ?? start)
        let ends = next == nil || next!.isPunct(";") || next!.kind == .identifier || next!.isPunct("}")
        return members.isEmpty || !ends ? nil : members
    }
}
