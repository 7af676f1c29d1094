/// What `check --database-url` read from the live database, in one read-only transaction: plain data, so
/// the rules that judge it (ContractsSQL) never link a PostgreSQL client, and rule examples can hand one in.
public struct LiveSnapshot: Sendable, Equatable {
    /// A CHECK constraint on the registry's table, as `pg_get_constraintdef` prints it (`CHECK ((type = ANY ...)))`).
    public struct Constraint: Sendable, Equatable {
        public var name: String
        public var definition: String

        public init(name: String, definition: String) {
            self.name = name
            self.definition = definition
        }
    }

    /// A function as `pg_get_functiondef` re-prints it (a whole `CREATE OR REPLACE FUNCTION` statement).
    public struct Function: Sendable, Equatable {
        /// Schema-qualified, lowercased (`public.create_notification`).
        public var name: String
        public var definition: String
        /// A trigger on the registry's table runs it.
        public var runByTrigger: Bool

        public init(name: String, definition: String, runByTrigger: Bool = false) {
            self.name = name
            self.definition = definition
            self.runByTrigger = runByTrigger
        }
    }

    /// The most distinct type values read from the table (`SELECT DISTINCT ... LIMIT`): a bound, not a sample.
    public static let rowValueLimit = 1000

    /// Whether the registry's table exists at all.
    public var tableExists: Bool
    /// The CHECK constraints on the table, by name.
    public var constraints: [Constraint]
    /// The labels of the registry's ENUM type in sort order; nil when the registry names none or it does not exist.
    public var enumLabels: [String]?
    /// The functions the SQL rules look at (defined by the migrations, the registry's emitters, run by triggers on the table).
    public var functions: [Function]
    /// `supabase_migrations.schema_migrations` versions; nil when that table does not exist.
    public var appliedVersions: [String]?
    /// Distinct non-null values of the type column, at most `rowValueLimit`.
    public var columnValues: [String]
    /// The columns the shared enums (`enums:`) name, in registry order.
    public var enumColumns: [EnumColumn]
    /// The ENUM types the shared enums name (`sql: { enum_type }`), in registry order.
    public var enumTypes: [EnumType]
    /// The live catalog's tables, views, columns, foreign keys and functions in the schemas the migrations manage
    /// (extension members left out), as `db-schema-drift` compares them with the replayed schema; nil when not read.
    public var schema: ProjectSchema?

    public init(tableExists: Bool = true, constraints: [Constraint] = [], enumLabels: [String]? = nil,
                functions: [Function] = [], appliedVersions: [String]? = nil, columnValues: [String] = [],
                enumColumns: [EnumColumn] = [], enumTypes: [EnumType] = [], schema: ProjectSchema? = nil) {
        self.tableExists = tableExists
        self.constraints = constraints
        self.enumLabels = enumLabels
        self.functions = functions
        self.appliedVersions = appliedVersions
        self.columnValues = columnValues
        self.enumColumns = enumColumns
        self.enumTypes = enumTypes
        self.schema = schema
    }
}
