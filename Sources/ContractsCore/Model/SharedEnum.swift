/// A named enum the stacks share (`enums:` in registry.yaml): the notification kinds, a chat-room status, an invite
/// status, a plan. Each has any subset of the three surfaces: a Swift enum, a TypeScript union (and optionally an
/// `as const` object), and SQL columns (each with its CHECK constraint, or none) or a PostgreSQL ENUM type. The
/// notification contract (`NotificationContract`) names one of them; `notification_types:` is shorthand for such an
/// entry and the contract together.
///
/// `generate` writes its Swift enum and TypeScript union and keeps them current (`generated-stale`), and a migration
/// when its database surface differs; the SQL rules judge each column's constraint, the ENUM type and the literals
/// that meet its columns (`SharedEnumRules` in ContractsSQL).
public struct SharedEnum: Sendable, Equatable {
    /// The contract's name (its key under `enums:`): the TypeScript type's default name.
    public var name: String
    /// The Swift enum that declares it; nil when the app does not (no Swift is generated).
    public var swiftEnum: String?
    /// The TypeScript union type (default: `name`).
    public var typescriptType: String
    /// The TypeScript `as const` object (`KEY: "raw"`), when the functions use one.
    public var typescriptConst: String?
    /// The columns that hold it, or the ENUM type they have.
    public var sql: SharedEnumSQL
    /// The value unknown wire values decode to in Swift, if any.
    public var fallback: String?
    public var values: [SharedEnumValue]
    /// Values old rows may still hold, never written again.
    public var retired: [RetiredValue]
    public var location: SourceLocation
    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool
    /// Custom per-case attributes (`attributes:`), in registry order.
    public var attributes: [CustomAttribute]

    public init(name: String, swiftEnum: String?, typescriptType: String, typescriptConst: String?, sql: SharedEnumSQL,
                fallback: String?, values: [SharedEnumValue], retired: [RetiredValue], location: SourceLocation,
                generatesSwift: Bool = true, attributes: [CustomAttribute] = []) {
        self.name = name
        self.swiftEnum = swiftEnum
        self.typescriptType = typescriptType
        self.typescriptConst = typescriptConst
        self.sql = sql
        self.fallback = fallback
        self.values = values
        self.retired = retired
        self.location = location
        self.generatesSwift = generatesSwift
        self.attributes = attributes
    }

    public var rawValues: [String] { values.map(\.raw) }

    /// The value with this raw string.
    public func value(raw: String) -> SharedEnumValue? { values.first { $0.raw == raw } }

    /// Whether `raw` is one of its values (retired ones are not: they may be read, never written).
    public func contains(_ raw: String) -> Bool { values.contains { $0.raw == raw } }

    /// The retired value with this raw string.
    public func retired(raw: String) -> RetiredValue? { retired.first { $0.raw == raw } }

    /// The values `side` holds (scope `all`, or that side's own), in registry order: the app's are its Swift enum's
    /// cases, the server's its CHECK constraint, ENUM labels and TypeScript union.
    public func values(on side: StackSide) -> [SharedEnumValue] { values.filter { $0.scope.holds(on: side) } }

    /// The raw values `side` holds, in registry order.
    public func rawValues(on side: StackSide) -> [String] { values(on: side).map(\.raw) }

    /// What `raw` is to this enum on `side`: a value it holds, a value of the other side only, retired, or unknown.
    public func standing(of raw: String, on side: StackSide) -> ValueStanding {
        if let value = value(raw: raw) { return value.scope.holds(on: side) ? .held(value) : .outOfScope(value) }
        if let retired = retired(raw: raw) { return .retired(retired) }
        return .unknown
    }
}

extension Registry {
    /// The shared enums that hold `column` (compared lowercased) in some table, each with that column, in registry
    /// order: the candidates for a literal compared with `row.status` when the row's table is unknown.
    public func sharedEnums(withColumn column: String) -> [(sharedEnum: SharedEnum, column: SQLColumn)] {
        let name = column.lowercased()
        return enums.flatMap { e in e.sql.columns.filter { $0.column.lowercased() == name }.map { (e, $0) } }
    }

    /// The shared enum that `schema.table.column` holds, if any (names compared lowercased; schema `public` when
    /// nil).
    public func sharedEnum(table: String, column: String, schema: String? = nil) -> (sharedEnum: SharedEnum, column: SQLColumn)? {
        let t = table.lowercased(), c = column.lowercased(), s = (schema ?? "public").lowercased()
        for e in enums {
            if let col = e.sql.columns.first(where: { $0.table.lowercased() == t && $0.column.lowercased() == c && $0.schema.lowercased() == s }) {
                return (e, col)
            }
        }
        return nil
    }

    /// The shared enum whose Swift enum is `name` (qualified as written in the registry, `Expense.Category`, or its
    /// last component when that is unambiguous).
    public func sharedEnum(swiftEnum name: String) -> SharedEnum? {
        if let e = enums.first(where: { $0.swiftEnum == name }) { return e }
        let last = enums.filter { $0.swiftEnum.map { ($0.split(separator: ".").last).map(String.init) == name } ?? false }
        return last.count == 1 ? last[0] : nil
    }
}

/// One value of an enum, with its per-case attributes. `icon`, `canBeDisabled`, `preferenceKey`, `badge` and
/// `deepLinks` are the notification contract's: the loader accepts them only on the values of the enum
/// `notifications.enum` names (`icon` on any), and they keep their defaults elsewhere.
public struct SharedEnumValue: Sendable, Equatable {
    /// The wire value, stored in SQL and sent in payloads.
    public var raw: String
    /// Swift case name (`rideClaimed`); also the key in the TypeScript const (`RIDE_CLAIMED` is derived).
    public var swiftCase: String
    /// SF Symbol or asset name.
    public var icon: String?
    public var canBeDisabled: Bool
    public var preferenceKey: String?
    /// Badge case name (from `badges.cases`), or nil.
    public var badge: String?
    /// Deep-link case names (from `deep_links.cases`) this value opens, tried in order: the first whose
    /// required parameters are all in the payload wins (`[ride, favor]` for Q&A on either). Empty: none.
    public var deepLinks: [String]
    /// Where the value exists (`scope:`): everywhere by default.
    public var scope: ValueScope
    /// Values of the custom attributes, by attribute key; a missing key means null.
    public var attributeValues: [String: AttributeValue]
    public var location: SourceLocation

    public init(raw: String, swiftCase: String, icon: String?, canBeDisabled: Bool, preferenceKey: String?,
                badge: String?, deepLinks: [String], location: SourceLocation, scope: ValueScope = .all,
                attributeValues: [String: AttributeValue] = [:]) {
        self.raw = raw
        self.swiftCase = swiftCase
        self.icon = icon
        self.canBeDisabled = canBeDisabled
        self.preferenceKey = preferenceKey
        self.badge = badge
        self.deepLinks = deepLinks
        self.scope = scope
        self.attributeValues = attributeValues
        self.location = location
    }

    /// A value with no attributes (`- active` in `enums:`).
    public init(raw: String, swiftCase: String, location: SourceLocation, scope: ValueScope = .all) {
        self.init(raw: raw, swiftCase: swiftCase, icon: nil, canBeDisabled: true, preferenceKey: nil, badge: nil,
                  deepLinks: [], location: location, scope: scope)
    }

    /// Its key in the generated TypeScript const: the raw value upper-cased (`ride_claimed` → `RIDE_CLAIMED`);
    /// a raw value of another shape through snake case first (`expenseAdded` → `EXPENSE_ADDED`, `ride-cancelled` →
    /// `RIDE_CANCELLED`), or its Swift case's when that leaves nothing.
    public var typescriptKey: String { Identifiers.typescriptKey(raw: raw, swiftCase: swiftCase) }
}

/// A value of the notification enum: one value type for every enum.
public typealias NotificationTypeValue = SharedEnumValue

/// Where a shared enum lives in the database: columns (one enum on several tables, each with its own CHECK), or
/// every column of a PostgreSQL ENUM type; neither for an enum the database does not hold.
public struct SharedEnumSQL: Sendable, Equatable {
    public var columns: [SQLColumn]
    public var enumType: SQLTypeName?

    public init(columns: [SQLColumn] = [], enumType: SQLTypeName? = nil) {
        self.columns = columns
        self.enumType = enumType
    }
}

/// A column that holds a shared enum, with its CHECK constraint's name when it has one.
public struct SQLColumn: Sendable, Equatable {
    public var schema: String
    public var table: String
    public var column: String
    public var constraint: String?
    public var location: SourceLocation

    public init(schema: String, table: String, column: String, constraint: String?, location: SourceLocation) {
        self.schema = schema
        self.table = table
        self.column = column
        self.constraint = constraint
        self.location = location
    }
}
