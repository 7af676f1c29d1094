import ContractsCore

/// The ENUM type the registry names as the database has it after every migration ran.
public struct EffectiveEnum: Sendable, Equatable {
    /// `schema.name`, lowercased.
    public var type: String
    /// Its values in PostgreSQL's sort order; nil when the type does not exist at the end.
    public var values: [String]?
    /// The target column's type at the end (qualified, lowercased), nil when the column does not exist.
    public var columnType: String?
    /// The last statement that changed the type (or the column, when the type does not exist).
    public var location: SourceLocation?

    public init(type: String, values: [String]?, columnType: String?, location: SourceLocation?) {
        self.type = type
        self.values = values
        self.columnType = columnType
        self.location = location
    }

    /// Whether the column has the type.
    public var columnUsesType: Bool { columnType == type }
}
