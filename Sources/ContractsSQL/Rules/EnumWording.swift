import ContractsCore

/// How the SQL and live-database rules name an enum, its values and what they allow, as data: every rule has one body
/// over every enum and asks its wording. The notification contract's enum keeps the words its reports always had (`a
/// retired notification type`, `differs from the registry`, `notification_types.values`); another enum is named by
/// its key under `enums:` (`differs from the registry's ChatRoomStatus`, `is not a ChatRoomStatus`).
struct EnumWording {
    let sharedEnum: SharedEnum
    /// Whether the enum is the notification contract's.
    let isNotification: Bool
    /// Where its values are written in the registry, as messages and fixes name it (`notification_types`,
    /// `enums.PushType`, `enums.ChatRoomStatus`).
    let entry: String
    /// The name findings' subjects give it: the notification enum's Swift enum (else its name), another enum's name.
    let subjectName: String
    /// The registry's `sql` entry as fixes name it (`sql`, `enums.ChatRoomStatus.sql`).
    let sqlEntry: String

    init(_ enumIndex: Int, _ registry: Registry) {
        let e = registry.allEnums[enumIndex]
        sharedEnum = e
        if enumIndex == 0, let types = registry.notificationTypes {
            isNotification = true
            entry = types.entry
            subjectName = types.swiftEnum ?? e.name
            sqlEntry = "sql"
        } else {
            isNotification = false
            entry = "enums.\(e.name)"
            subjectName = e.name
            sqlEntry = "enums.\(e.name).sql"
        }
    }

    init(_ target: SQLTarget, _ registry: Registry) { self.init(target.enumIndex, registry) }

    /// Where findings about the enum as a whole point in the registry.
    var location: SourceLocation { sharedEnum.location }

    /// `the registry` (the notification enum) or `the registry's ChatRoomStatus`: what a value set differs from.
    var registryName: String { isNotification ? "the registry" : "the registry's \(sharedEnum.name)" }

    /// The values the database holds (scope `all` or `server`), in registry order.
    var serverValues: [String] { sharedEnum.rawValues(on: .server) }

    /// Whether retired values may stay in a CHECK constraint or the live set (old rows hold them). The notification
    /// enum's constraint lists its server values exactly, as its reports always said; another enum's may keep them.
    var retiredMayStay: Bool { !isNotification }

    /// Who the registry says has an ENUM type: the notification enum's column (`public.matches.status has it`), else
    /// the enum (`ChatRoomStatus is stored as it`).
    func typeHolder(column: String?) -> String {
        if isNotification, let column { return "\(column) has it" }
        return "\(sharedEnum.name) is stored as it"
    }

    /// An ENUM type named in a message: `ENUM type public.kind of public.notifications.type` (the notification enum's
    /// column), else `ENUM type public.invite_role`.
    func typeLabel(_ type: String, column: String?) -> String {
        if isNotification, let column { return "ENUM type \(type) of \(column)" }
        return "ENUM type \(type)"
    }

    /// A column named in a message: `public.notifications.type`, or `public.chat_rooms.status (ChatRoomStatus)`.
    func column(_ name: String) -> String { isNotification ? name : "\(name) (\(sharedEnum.name))" }

    // MARK: the live database

    /// `, which holds ChatRoomStatus` after what the live database lacks (nothing for the notification enum's).
    var holds: String { isNotification ? "" : ", which holds \(sharedEnum.name)" }

    /// A table or column the live database lacks (`missing`: `table public.t`, `column public.t.c`), and the fix that
    /// creates `created`.
    func liveMissing(_ missing: String, created: String) -> (message: String, fix: String) {
        ("The live database has no \(missing)\(holds)",
         "apply the migrations that create \(created)" + (isNotification ? "" : ", or correct \(sqlEntry)"))
    }

    /// ` (the registry names c for ChatRoomStatus)` after a column with no readable live CHECK (nothing for the
    /// notification enum's, or without a constraint name).
    func namedConstraint(_ constraint: String?) -> String {
        guard !isNotification, let constraint else { return "" }
        return " (the registry names \(constraint) for \(sharedEnum.name))"
    }

    // MARK: literals

    /// A value of the enum that the database never holds (scope `app`).
    func outOfScope(_ raw: String, context: String, scope: ValueScope) -> (message: String, fix: String) {
        isNotification
            ? ("'\(raw)' (\(context)) is app-only (scope: app): the database never holds it",
               "remove it, or give '\(raw)' scope all in the registry")
            : (SharedEnumLiteralMessage.outOfScope(raw, context: context, enumName: sharedEnum.name, scope: scope),
               SharedEnumLiteralMessage.outOfScopeFix(raw, enumName: sharedEnum.name))
    }

    /// A retired value written again.
    func retiredWrite(_ raw: String, context: String) -> (message: String, fix: String) {
        isNotification
            ? ("'\(raw)' (\(context)) is a retired notification type: old rows may hold it, but nothing may write it again",
               "write a registered type instead of '\(raw)'")
            : (SharedEnumLiteralMessage.retiredWrite(raw, context: context, enumName: sharedEnum.name),
               "write one of \(sharedEnum.name)'s values instead of '\(raw)'")
    }

    /// A value the enum does not have.
    func unknown(_ raw: String, context: String) -> (message: String, fix: String) {
        isNotification
            ? (UnknownTypeLiteralMessage.text(raw, at: .sql(context: context), suggestion: nil),
               "use a registered type, or add '\(raw)' to \(entry).values")
            : (SharedEnumLiteralMessage.unknown(raw, context: context, enumName: sharedEnum.name),
               SharedEnumLiteralMessage.fix(raw, enumName: sharedEnum.name, values: serverValues))
    }

    // MARK: subjects

    func value(_ raw: String) -> FindingSubject { .enumValue(enumName: subjectName, value: raw) }

    func values(missing: [String], extra: [String]) -> FindingSubject {
        .enumValues(enumName: subjectName, missing: missing, extra: extra)
    }

    /// A column (`table.column`, or `schema.table.column` outside `public`).
    func column(_ sql: SQLConstraintTarget) -> FindingSubject {
        .enumColumn(enumName: subjectName, column: Self.columnName(schema: sql.schema, table: sql.table, column: sql.column))
    }

    static func columnName(schema: String, table: String, column: String) -> String {
        schema.lowercased() == "public" ? "\(table).\(column)" : "\(schema).\(table).\(column)"
    }
}
