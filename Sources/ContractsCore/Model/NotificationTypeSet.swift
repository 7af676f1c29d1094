/// The notification enum as the rules written for it read it: the enum the contract names, seen through the
/// contract. A view, not a second model: every field is the enum's or the contract's, so the readers, rules and
/// emitters that still take it judge and write exactly what they did while the notification types were a model
/// of their own.
public struct NotificationTypeSet: Sendable, Equatable {
    /// The enum (`enums.<name>`, or the one `notification_types:` declares).
    public var sharedEnum: SharedEnum
    public var contract: NotificationContract

    /// The name of the TypeScript `as const` object when the registry names none.
    public static let defaultTypescriptConst = "NOTIFICATION_TYPES"

    public init(sharedEnum: SharedEnum, contract: NotificationContract) {
        self.sharedEnum = sharedEnum
        self.contract = contract
    }

    /// The shorthand's fields (`notification_types:`), as one enum and its contract.
    public init(
        swiftEnum: String, typescriptConst: String, typescriptType: String, payloadKey: String,
        sql: SQLConstraintTarget, fallback: String?, swiftProperties: AttributeProperties,
        values: [NotificationTypeValue], location: SourceLocation, attributes: [CustomAttribute] = [],
        retired: [RetiredValue] = [], generatesSwift: Bool = true
    ) {
        sharedEnum = SharedEnum(
            name: swiftEnum, swiftEnum: swiftEnum, typescriptType: typescriptType, typescriptConst: typescriptConst,
            sql: SharedEnumSQL(sql), fallback: fallback, values: values, retired: retired, location: location,
            generatesSwift: generatesSwift, attributes: attributes)
        contract = NotificationContract(enumName: swiftEnum, payloadKey: payloadKey, swiftProperties: swiftProperties,
                                        location: location)
    }

    /// Swift enum name (`NotificationType`); nil when the app declares none (a push type only the payload carries):
    /// no Swift is generated for it, and no Swift enum is judged.
    public var swiftEnum: String? {
        get { sharedEnum.swiftEnum }
        set { sharedEnum.swiftEnum = newValue }
    }

    /// Where its values are written in the registry (`notification_types`, or `enums.<name>`), for messages.
    public var entry: String { contract.entry }

    /// The name messages give it on the Swift side: its Swift enum, else its registry name.
    public var swiftName: String { swiftEnum ?? sharedEnum.name }

    /// TypeScript `as const` object name (`NOTIFICATION_TYPES`).
    public var typescriptConst: String {
        get { sharedEnum.typescriptConst ?? Self.defaultTypescriptConst }
        set { sharedEnum.typescriptConst = newValue }
    }

    /// TypeScript union type name.
    public var typescriptType: String {
        get { sharedEnum.typescriptType }
        set { sharedEnum.typescriptType = newValue }
    }

    /// Key that carries the raw type in push payloads, notification rows and `userInfo`.
    public var payloadKey: String {
        get { contract.payloadKey }
        set { contract.payloadKey = newValue }
    }

    /// The table/column/constraint the SQL CHECK applies to: the enum's column; nil when no column holds it (a push
    /// type only the payload carries): no migration is generated, and no constraint judged.
    public var sql: SQLConstraintTarget? {
        get { sharedEnum.sql.columns.isEmpty ? nil : SQLConstraintTarget(sharedEnum.sql) }
        set { sharedEnum.sql = newValue.map(SharedEnumSQL.init) ?? SharedEnumSQL() }
    }

    /// Raw value unknown server values decode to, if any.
    public var fallback: String? {
        get { sharedEnum.fallback }
        set { sharedEnum.fallback = newValue }
    }

    /// Swift property names of the per-case attributes.
    public var swiftProperties: AttributeProperties {
        get { contract.swiftProperties }
        set { contract.swiftProperties = newValue }
    }

    /// Custom per-case attributes (`attributes:`), in registry order.
    public var attributes: [CustomAttribute] {
        get { sharedEnum.attributes }
        set { sharedEnum.attributes = newValue }
    }

    public var values: [NotificationTypeValue] {
        get { sharedEnum.values }
        set { sharedEnum.values = newValue }
    }

    /// Values old rows may hold that are no longer registered (`retired:`).
    public var retired: [RetiredValue] {
        get { sharedEnum.retired }
        set { sharedEnum.retired = newValue }
    }

    public var location: SourceLocation {
        get { sharedEnum.location }
        set { sharedEnum.location = newValue }
    }

    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool {
        get { sharedEnum.generatesSwift }
        set { sharedEnum.generatesSwift = newValue }
    }

    /// Raw values in registry order.
    public var rawValues: [String] { values.map(\.raw) }

    /// Raw values the database and the edge functions hold (scope `all` or `server`), in registry order.
    public var serverRawValues: [String] { sharedEnum.rawValues(on: .server) }

    /// Raw values the Swift enum declares (scope `all` or `app`), in registry order.
    public var appRawValues: [String] { sharedEnum.rawValues(on: .app) }

    /// Retired raw values, in registry order.
    public var retiredRawValues: [String] { retired.map(\.raw) }

    /// The value with this raw string.
    public func value(raw: String) -> NotificationTypeValue? { values.first { $0.raw == raw } }
}

extension SharedEnumSQL {
    /// One column (with its ENUM type, when it has one), as the notification shorthand's `sql:` names it.
    init(_ target: SQLConstraintTarget) {
        self.init(columns: [SQLColumn(schema: target.schema, table: target.table, column: target.column,
                                      constraint: target.constraint, location: target.location)],
                  enumType: target.enumType)
    }
}

extension SQLConstraintTarget {
    /// The first column of `sql`, with its ENUM type (the notification enum has one column while its rules read one).
    init(_ sql: SharedEnumSQL) {
        let column = sql.columns[0]
        self.init(schema: column.schema, table: column.table, column: column.column, constraint: column.constraint,
                  location: column.location, enumType: sql.enumType)
    }
}
