import ContractsCore

/// One change a migration makes to a PostgreSQL ENUM type or to the type of a target column, in replay order.
/// Type names are schema-qualified and lowercased (`public.remote_match_status`).
struct EnumEvent: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        /// `CREATE TYPE t AS ENUM (...)`.
        case create(type: String, values: [String])
        /// `ALTER TYPE t ADD VALUE [IF NOT EXISTS] v [BEFORE|AFTER n]`.
        case addValue(type: String, value: String, neighbor: String?, after: Bool, ifNotExists: Bool)
        /// `ALTER TYPE t RENAME VALUE a TO b`.
        case renameValue(type: String, from: String, to: String)
        /// `ALTER TYPE t RENAME TO u`.
        case renameType(from: String, to: String)
        /// `DROP TYPE [IF EXISTS] t [CASCADE]`.
        case drop(type: String, cascade: Bool)
        /// The target column gets a type (`CREATE TABLE`, `ADD COLUMN`, `ALTER COLUMN ... TYPE`), or loses its
        /// column (`DROP COLUMN`, `DROP TABLE`: nil).
        case columnType(String?)
    }

    var action: Action
    var location: SourceLocation
    var folder: String
    /// For `.columnType`: the column's index in the reader's targets (`FactsReader.targets`; 0 for a reader of one).
    var target: Int = 0
}
