extension LiveSnapshot {
    /// A column that holds a shared enum, as the live database has it: whether it is there, the CHECK constraints
    /// that read it, and the values its rows hold.
    public struct EnumColumn: Sendable, Equatable {
        public var schema: String
        public var table: String
        public var column: String
        public var tableExists: Bool
        public var columnExists: Bool
        /// The table's CHECK constraints whose expression reads the column, by name.
        public var constraints: [Constraint]
        /// Distinct non-null values of the column, at most `rowValueLimit`.
        public var values: [String]

        public init(schema: String, table: String, column: String, tableExists: Bool = true, columnExists: Bool = true,
                    constraints: [Constraint] = [], values: [String] = []) {
            self.schema = schema
            self.table = table
            self.column = column
            self.tableExists = tableExists
            self.columnExists = columnExists
            self.constraints = constraints
            self.values = values
        }

        /// `schema.table.column`, as messages name it.
        public var qualifiedName: String { "\(schema).\(table).\(column)" }
    }

    /// A PostgreSQL ENUM type a shared enum names: its labels, and every table column of that type with its rows'
    /// values (found in the catalog: the registry does not list them).
    public struct EnumType: Sendable, Equatable {
        public var schema: String
        public var name: String
        /// The labels in sort order; nil when the database has no ENUM type of that name.
        public var labels: [String]?
        public var columns: [EnumColumn]

        public init(schema: String, name: String, labels: [String]?, columns: [EnumColumn] = []) {
            self.schema = schema
            self.name = name
            self.labels = labels
            self.columns = columns
        }

        /// `schema.name`.
        public var qualifiedName: String { "\(schema).\(name)" }
    }
}
