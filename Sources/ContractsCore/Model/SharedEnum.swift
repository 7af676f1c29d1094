/// A named enum the stacks share beside the notification types (`enums:` in registry.yaml): a chat-room status, an
/// invite status, a plan. Each has any subset of the three surfaces: a Swift enum, a TypeScript union (and
/// optionally an `as const` object), and SQL columns (each with its CHECK constraint, or none) or a PostgreSQL ENUM
/// type.
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

    public init(name: String, swiftEnum: String?, typescriptType: String, typescriptConst: String?, sql: SharedEnumSQL,
                fallback: String?, values: [SharedEnumValue], retired: [RetiredValue], location: SourceLocation,
                generatesSwift: Bool = true) {
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
    }

    public var rawValues: [String] { values.map(\.raw) }

    /// The value with this raw string.
    public func value(raw: String) -> SharedEnumValue? { values.first { $0.raw == raw } }

    /// Whether `raw` is one of its values (retired ones are not: they may be read, never written).
    public func contains(_ raw: String) -> Bool { values.contains { $0.raw == raw } }

    /// The retired value with this raw string.
    public func retired(raw: String) -> RetiredValue? { retired.first { $0.raw == raw } }
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

/// One value of a shared enum.
public struct SharedEnumValue: Sendable, Equatable {
    public var raw: String
    public var swiftCase: String
    public var location: SourceLocation

    public init(raw: String, swiftCase: String, location: SourceLocation) {
        self.raw = raw
        self.swiftCase = swiftCase
        self.location = location
    }

    /// Its key in the TypeScript `as const` object, as for notification types (`NotificationTypeValue.typescriptKey`).
    public var typescriptKey: String { Identifiers.typescriptKey(raw: raw, swiftCase: swiftCase) }
}

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
