/// The names of what `generate` writes for a shared enum, in one place: the validator keeps them apart from the
/// other generated files, and the emitters use them.
public enum SharedEnumFiles {
    /// The TypeScript file's name without `.ts`: the union type's name with a lowercase first letter
    /// (`ChatRoomStatus` → `chatRoomStatus`), as `notificationTypes.ts` is named.
    public static func typeScriptFileStem(_ e: SharedEnum) -> String {
        e.typescriptType.prefix(1).lowercased() + e.typescriptType.dropFirst()
    }

    /// The name of the array of every value, when the enum has no `typescript_const` (`ChatRoomStatus` →
    /// `CHAT_ROOM_STATUS_VALUES`).
    public static func valuesConst(_ e: SharedEnum) -> String {
        Identifiers.snakeCase(e.typescriptType).uppercased() + "_VALUES"
    }
}
