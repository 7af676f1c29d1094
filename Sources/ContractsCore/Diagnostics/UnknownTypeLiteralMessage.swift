/// The message for a literal used as a notification type that the registry does not list
/// (`sql-unknown-literal`, `swift-unknown-literal`, `ts-unknown-literal`): built in one place, so the three
/// say the same thing in the same order: what was used where, that it is not registered, the nearest
/// registered value when one is close, and the two ways out (use a registered type, or register it).
///
/// The wording still differs by language, as each language's findings quote and name things the way its
/// code does (`'x'` in SQL and TypeScript, `"x"` in Swift; the enum's name in Swift). Aligning the texts
/// would change the reports users baseline against (`check --baseline` fingerprints include the message),
/// so the differences are kept here, visible side by side.
public enum UnknownTypeLiteralMessage {
    /// Where the literal was found, and what the language's message needs.
    public enum Place {
        /// SQL: what the literal is compared with or written to (`insert into public.notifications.type`).
        case sql(context: String)
        /// Swift: the enum's name, and whether the literal is written (a row, an emitter) or read.
        case swift(enumName: String, written: Bool)
        /// TypeScript: a raw literal (`constKey` nil) or `CONST.key`; the registered values, for the remedy.
        /// `entry`: where the registry lists the values (`notification_types`, `enums.PushType`).
        case typeScript(constName: String, constKey: String?, rawList: String, registryFile: String, entry: String = "notification_types")
    }

    /// The message for `raw` at `place`; `suggestion` is the nearest registered value (or const key).
    public static func text(_ raw: String, at place: Place, suggestion: String?) -> String {
        switch place {
        case .sql(let context):
            return "'\(raw)' (\(context)) is not a registered notification type"
        case .swift(let enumName, let written):
            let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "\"\(raw)\" is \(written ? "written" : "used") as a \(enumName) raw value but is not registered\(hint); "
                + "use a registered type or add \"\(raw)\" to registry.yaml"
        case .typeScript(let constName, let constKey, let rawList, let registryFile, let entry):
            let what: String, hint: String
            if let constKey {
                what = "`\(constName).\(constKey)` is not a key of \(constName)"
                hint = suggestion.map { " (did you mean `\(constName).\($0)`?)" } ?? ""
            } else {
                what = "'\(raw)' is used as a notification type but is not registered"
                hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            }
            return "\(what)\(hint): use a registered type (\(rawList)) or add it to \(entry) in \(registryFile)."
        }
    }
}
