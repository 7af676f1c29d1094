import ContractsCore
import ContractsMigrations
import Foundation

/// Writes the migration that brings an enum's database surface to the registry, for every enum, the notification
/// enum included: its columns' CHECK constraints re-created, or the values its ENUM type lacks added. One migration
/// per enum whose replayed set differs; whether one is needed, and with which values, is decided by `generate`. The
/// database holds the enum's server values (scope `all` or `server`): an app-only value is never in its set. An enum
/// no column holds (a push type only the payload carries) has no migration.
///
/// What only the notification enum has comes from its contract, as data: the comments call its values
/// "notification types", and its files are named `notification_type_...` as they always were.
public enum EnumSQLEmitter {
    /// One column's new constraint: the values it allows, the name it gets, the name of the constraint it replaces
    /// when that is another, and the values it no longer allows.
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

    /// The stem of an enum's migration names: `notification_type` for the notification enum, else its name in snake
    /// case (`chat_room_status`).
    static func stem(_ e: SharedEnum, notification: NotificationContract?) -> String {
        notification != nil ? "notification_type" : Identifiers.snakeCase(e.name)
    }

    /// The name a constraint migration carries after its number (`chat_room_status_check_constraint`).
    public static func constraintSlug(_ e: SharedEnum, notification: NotificationContract?) -> String {
        stem(e, notification: notification) + "_check_constraint"
    }

    /// The name an ENUM-type migration carries after its number (`invite_role_enum_values`).
    public static func enumSlug(_ e: SharedEnum, notification: NotificationContract?) -> String {
        stem(e, notification: notification) + "_enum_values"
    }

    /// The file name for the next migration named `slug` in `folder`: its next free number
    /// (`108_notification_type_check_constraint.sql`, or a UTC timestamp in timestamp folders).
    public static func fileName(_ slug: String, in folder: MigrationFolder, existing: [MigrationFile], now: Date) -> String {
        let inFolder = existing.filter { $0.folder.dir == folder.dir }
        return MigrationNumbering.fileName(prefix: MigrationNumbering.nextPrefix(in: folder, existing: inFolder, now: now),
                                           description: slug)
    }

    /// The whole constraint migration for `columns` of `e`, generated header included.
    ///
    /// Each constraint is replaced the safe way: dropped and re-added `NOT VALID` in one short transaction (only a
    /// brief lock, old rows not scanned), then validated in a second transaction, which scans existing rows without
    /// blocking writes. `DROP ... IF EXISTS` makes the file safe to apply twice. A column whose constraint no longer
    /// allows some values first stops with a clear message if rows still hold them (`RemovedValueGuard`).
    public static func constraintMigration(for e: SharedEnum, notification: NotificationContract?, columns: [Column],
                                           registryFile: String, digest: String) -> String {
        var swap: [String] = [], validate: [String] = []
        let noun = notification != nil ? "notification type(s)" : "\(e.name) value(s)", one = notification != nil ? "type" : "value"
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
                    values: column.values, removed: column.removed, noun: noun, one: one)
                    .trimmingCharacters(in: .newlines))
            }
            validate.append("ALTER TABLE \(table) VALIDATE CONSTRAINT \(name);")
        }
        let names = columns.map { "\($0.target.qualifiedTable).\($0.target.column)" }.joined(separator: ", ")
        let server = e.rawValues(on: .server)
        let retired = Set(columns.flatMap(\.values)).subtracting(server)
        let kept = retired.isEmpty ? "" : " (and the retired \(e.retired.map(\.raw).filter(retired.contains).map(SQLIdentifier.literal).joined(separator: ", ")), which old rows may hold)"
        let what = notification != nil ? "notification types of \(registryFile)" : "values of \(e.name) in \(registryFile)\(kept)"
        return GeneratedHeader.text(comment: "--", registryFile: registryFile, digest: digest) + """

            -- \(names) accept\(columns.count == 1 ? "s" : "") exactly the \(server.count) \(what).
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
    /// labels now, in order. The notification enum's names its column (`column`), any other enum itself.
    ///
    /// One `ALTER TYPE ... ADD VALUE IF NOT EXISTS` per value, in registry order, placed after the registry value
    /// before it (or before the one after it) when the type has that one, so the type's order follows the registry.
    /// No `BEGIN`/`COMMIT`: before PostgreSQL 12 `ADD VALUE` cannot run inside a transaction block, and from 12 on
    /// a value added in a transaction cannot be used until it commits, so nothing else goes in this file.
    /// Removing a value is never written: PostgreSQL cannot drop an enum value in place (`generate` refuses).
    public static func enumTypeMigration(for e: SharedEnum, notification: NotificationContract?, type: SQLTypeName,
                                         existing: [String], registryFile: String, digest: String) -> String {
        let lines = addValueLines(e.rawValues(on: .server), existing: existing, type: type)
        let holder = notification != nil ? e.sql.columns.first.map { "\($0.schema).\($0.table).\($0.column) has" } : nil
        return GeneratedHeader.text(comment: "--", registryFile: registryFile, digest: digest) + """

            -- \(holder ?? "\(e.name) is stored as") ENUM type \(type.qualified); this adds the \(lines.count) value(s) of \(registryFile) it lacks.
            -- No transaction block: ADD VALUE cannot run in one before PostgreSQL 12, and a value added in a transaction
            -- cannot be used before it commits, so nothing here uses the new values.
            \(lines.joined(separator: "\n"))

            """
    }

    /// One `ALTER TYPE ... ADD VALUE IF NOT EXISTS` per value of `values` the type lacks, placed after the value before
    /// it (or before the one after it) when the type has that one.
    static func addValueLines(_ values: [String], existing: [String], type: SQLTypeName) -> [String] {
        var present = existing
        var lines: [String] = []
        for (index, value) in values.enumerated() where !present.contains(value) {
            let previous = values[..<index].last { present.contains($0) }
            let next = values[(index + 1)...].first { present.contains($0) }
            var placement = ""
            if let previous, let at = present.firstIndex(of: previous) {
                placement = " AFTER " + SQLIdentifier.literal(previous)
                present.insert(value, at: at + 1)
            } else if let next, let at = present.firstIndex(of: next) {
                placement = " BEFORE " + SQLIdentifier.literal(next)
                present.insert(value, at: at)
            } else {
                present.append(value)
            }
            lines.append("ALTER TYPE \(SQLIdentifier.qualified(type.schema, type.name)) ADD VALUE IF NOT EXISTS "
                + SQLIdentifier.literal(value) + placement + ";")
        }
        return lines
    }
}
