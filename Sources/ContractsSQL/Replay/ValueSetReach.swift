import ContractsCore

/// Whether a statement that does not parse could change the type column's value set: its text names the
/// table, the constraint or the ENUM type as an identifier. Text is all there is (no tree), so this errs on
/// the side of "could": a comment naming the table counts too.
enum ValueSetReach {
    static func couldTouch(_ text: String, _ target: SQLConstraintTarget) -> Bool {
        var names = [target.table, target.constraintName]
        if let type = target.enumType?.name { names.append(type) }
        let lower = Array(text.lowercased().utf8)
        return names.contains { containsIdentifier(Array($0.lowercased().utf8), in: lower) }
    }

    /// `name` in `text` with no identifier character on either side (`notifications` matches in
    /// `public.notifications` and `"notifications"`, not in `notifications_log`).
    static func containsIdentifier(_ name: [UInt8], in text: [UInt8]) -> Bool {
        guard !name.isEmpty, name.count <= text.count else { return false }
        let isIdentifier = { (b: UInt8) in (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 36 || b >= 0x80 }
        var i = 0
        while i + name.count <= text.count {
            if text[i] == name[0], text[i ..< i + name.count].elementsEqual(name),
               i == 0 || !isIdentifier(text[i - 1]),
               i + name.count == text.count || !isIdentifier(text[i + name.count]) {
                return true
            }
            i += 1
        }
        return false
    }
}
