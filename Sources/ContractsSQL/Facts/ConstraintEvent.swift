import ContractsCore

/// A CHECK constraint on the target column as one statement writes it.
struct CheckDefinition: Sendable, Equatable {
    /// The name written, or nil when PostgreSQL will choose one (`notifications_type_check`).
    var name: String?
    /// The allowed values in the order written; nil when the expression is not reducible to a set.
    var values: [String]?
    /// `NOT VALID`: existing rows were not checked.
    var notValid: Bool
    /// The expression references only the target column (PostgreSQL then names it `table_column_check`).
    var singleColumn: Bool
    var location: SourceLocation
}

/// One change a migration makes to the constraints on the target column, in replay order.
struct ConstraintEvent: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        /// `CREATE TABLE [IF NOT EXISTS]` of the target table, with its checks on the column.
        case createTable(ifNotExists: Bool, checks: [CheckDefinition])
        case add(CheckDefinition)
        case drop(name: String, ifExists: Bool)
        case rename(from: String, to: String)
        case validate(String)
        /// `DROP COLUMN` of the target column or `DROP TABLE` of the table: every check goes.
        case dropAll
    }

    var action: Action
    var location: SourceLocation
    /// Migration folder the statement is in.
    var folder: String
    var guardCondition: ConstraintGuard?
    /// The column it is on: its index in `FactsReader.targets` (0 for a reader of one column).
    var target: Int = 0
}
