import ContractsCore
import ContractsMigrations
import Foundation

/// Writes the migration that brings a shared enum's database surface to the registry: its columns' CHECK
/// constraints re-created (the safe way `SQLConstraintEmitter` writes the notification types': swapped `NOT VALID`
/// under a brief lock, then validated), or the values its ENUM type lacks added (as `SQLEnumEmitter` does). One
/// migration per enum whose replayed set differs; whether one is needed is decided by `generate`. The database holds
/// the enum's server values (scope `all` or `server`): an app-only value is never in its set.
public enum SharedEnumSQLEmitter {
    /// One column's new constraint: the values it allows (the enum's, then the retired ones the constraint in force
    /// still allows: old rows may hold them), the name it gets, the name of the constraint it replaces when that is
    /// another, and the values it no longer allows.
    public struct Column: Sendable {
        public var target: SQLConstraintTarget
        public var values: [String]
        public var constraintName: String
        public var replacing: String?
        public var removed: [String]

        public init(target: SQLConstraintTarget, values: [String], constraintName: String, replacing: String?, removed: [String]) {
            self.target = target
            self.values = values
            self.constraintName = constraintName
            self.replacing = replacing
            self.removed = removed
        }
    }

    /// The name a constraint migration for `e` carries after its number (`chat_room_status_check_constraint`).
    public static func constraintSlug(_ e: SharedEnum) -> String { Identifiers.snakeCase(e.name) + "_check_constraint" }

    /// The name an ENUM-type migration for `e` carries after its number (`invite_role_enum_values`).
    public static func enumSlug(_ e: SharedEnum) -> String { Identifiers.snakeCase(e.name) + "_enum_values" }

    /// The whole constraint migration for `columns` of `e`, generated header included.
    public static func constraintMigration(for e: SharedEnum, columns: [Column], registryFile: String, digest: String) -> String {
        var swap: [String] = [], validate: [String] = []
        for column in columns {
            let target = column.target
            let table = SQLIdentifier.qualified(target.schema, target.table)
            let name = SQLIdentifier.quoted(column.constraintName), quotedColumn = SQLIdentifier.quoted(target.column)
            let check = column.values.isEmpty
                ? "false"
                : "\(quotedColumn) IN (\n" + column.values.map { "    " + SQLIdentifier.literal($0) }.joined(separator: ",\n") + "\n)"
            if let old = column.replacing, old != column.constraintName {
                swap.append("ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(SQLIdentifier.quoted(old));")
            }
            swap.append("ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(name);")
            swap.append("ALTER TABLE \(table) ADD CONSTRAINT \(name) CHECK (\(check)) NOT VALID;")
            if !column.removed.isEmpty {
                validate.append(RemovedValueGuard.block(
                    table: table, tableName: "\(target.qualifiedTable).\(target.column)", column: quotedColumn,
                    values: column.values, removed: column.removed, noun: "\(e.name) value(s)", one: "value")
                    .trimmingCharacters(in: .newlines))
            }
            validate.append("ALTER TABLE \(table) VALIDATE CONSTRAINT \(name);")
        }
        let names = columns.map { "\($0.target.qualifiedTable).\($0.target.column)" }.joined(separator: ", ")
        let server = e.rawValues(on: .server)
        let retired = Set(columns.flatMap(\.values)).subtracting(server)
        let kept = retired.isEmpty ? "" : " (and the retired \(e.retired.map(\.raw).filter(retired.contains).map(SQLIdentifier.literal).joined(separator: ", ")), which old rows may hold)"
        return GeneratedHeader.text(comment: "--", registryFile: registryFile, digest: digest) + """

            -- \(names) accept\(columns.count == 1 ? "s" : "") exactly the \(server.count) values of \(e.name) in \(registryFile)\(kept).
            -- Step 1 swaps the constraint NOT VALID under a brief lock; step 2 checks existing rows without blocking writes.
            SET lock_timeout = '5s';

            BEGIN;
            \(swap.joined(separator: "\n"))
            COMMIT;

            BEGIN;
            \(validate.joined(separator: "\n"))
            COMMIT;

            """
    }

    /// The migration adding the values `e`'s ENUM type lacks, generated header included. `existing`: the type's
    /// labels now, in order.
    public static func enumTypeMigration(for e: SharedEnum, type: SQLTypeName, existing: [String], registryFile: String,
                                         digest: String) -> String {
        let lines = SQLEnumEmitter.addValueLines(e.rawValues(on: .server), existing: existing, type: type)
        return GeneratedHeader.text(comment: "--", registryFile: registryFile, digest: digest) + """

            -- \(e.name) is stored as ENUM type \(type.qualified); this adds the \(lines.count) value(s) of \(registryFile) it lacks.
            -- No transaction block: ADD VALUE cannot run in one before PostgreSQL 12, and a value added in a transaction
            -- cannot be used before it commits, so nothing here uses the new values.
            \(lines.joined(separator: "\n"))

            """
    }
}
