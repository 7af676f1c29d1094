/// What a finding is about, as data rather than as words: the enum value, the value set, the deep-link case, the
/// payload field or the migration file its rule compared. Reports hand it to machines (JSON `subject`, SARIF
/// `properties.subject`), and the baseline recognises an accepted finding by it instead of by its message, so
/// rewording a message does not bring back every finding a team accepted.
///
/// An enum is named by its contract's name: a shared enum by its key under `enums:` (`ChatRoomStatus`), the
/// notification types by the registry's `swift_enum` (`NotificationType`), the name the `notifications:`
/// contract gives the enum it refers to, whether or not the app declares it in Swift.
public enum FindingSubject: Hashable, Sendable, Codable {
    /// One value of an enum: a literal that is not one of its values, a case or value that differs, one removed
    /// or renamed since the base ref.
    case enumValue(enumName: String, value: String)
    /// An enum's set of values on one surface (a CHECK constraint, an ENUM type, a TypeScript const or union):
    /// the registry's values it lacks (`missing`) and its values the registry does not have (`extra`).
    case enumValues(enumName: String, missing: [String], extra: [String])
    /// A deep-link case (its registry name), and the parameter when the finding is about one.
    case deepLinkCase(name: String, parameter: String?)
    /// A payload (its registry name), and the field when the finding is about one.
    case payloadField(payload: String, field: String?)
    /// A payload's set of keys in one place (an object an RPC returns): the fields it lacks (`missing`) and its keys
    /// the payload does not have (`extra`).
    case payloadFields(payload: String, missing: [String], extra: [String])
    /// A migration file, by its path from the project root.
    case migrationFile(path: String)
    /// Any other file the finding is about as a whole (a source that does not parse or nests too deep, a generated
    /// file that is stale, edited or declared again), by its path from the project root.
    case file(path: String)
    /// A column an enum's values are kept in (`table.column`, or `schema.table.column` outside `public`), for what
    /// concerns the column rather than one value or the value set (a constraint that cannot be read).
    case enumColumn(enumName: String, column: String)
    /// A key of the push payload (`push_keys`), sent or read.
    case pushKey(key: String)
    /// A database function (schema-qualified), as a live database or a migration defines it.
    case function(name: String)
    /// A table or view (`t`, or `schema.t` outside `public`), as the migrations leave it.
    case relation(name: String)
    /// A column of a table or view (`relation` as in `.relation`).
    case relationColumn(relation: String, column: String)
    /// An edge function, by its folder name under the functions folder.
    case edgeFunction(name: String)

    /// The kind as reports write it (`enum-value`, `enum-values`, `deep-link-case`, `payload-field`,
    /// `payload-fields`, `migration-file`, `file`, `enum-column`, `push-key`, `function`, `relation`, `column`,
    /// `edge-function`).
    public var kind: String {
        switch self {
        case .enumValue: return "enum-value"
        case .enumValues: return "enum-values"
        case .deepLinkCase: return "deep-link-case"
        case .payloadField: return "payload-field"
        case .payloadFields: return "payload-fields"
        case .migrationFile: return "migration-file"
        case .file: return "file"
        case .enumColumn: return "enum-column"
        case .pushKey: return "push-key"
        case .function: return "function"
        case .relation: return "relation"
        case .relationColumn: return "column"
        case .edgeFunction: return "edge-function"
        }
    }
}

extension FindingSubject {
    /// A value of the notification types, whose enum is named by the registry's `swift_enum`.
    public static func notificationType(_ raw: String, of types: NotificationTypeSet) -> FindingSubject {
        .enumValue(enumName: types.swiftEnum ?? types.sharedEnum.name, value: raw)
    }

    /// The notification types' value set on one surface.
    public static func notificationTypes(missing: [String], extra: [String], of types: NotificationTypeSet) -> FindingSubject {
        .enumValues(enumName: types.swiftEnum ?? types.sharedEnum.name, missing: missing, extra: extra)
    }
}
