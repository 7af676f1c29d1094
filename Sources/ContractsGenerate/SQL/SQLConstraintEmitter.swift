import ContractsCore
import ContractsMigrations
import Foundation

/// Writes the migration that brings the notification-type CHECK constraint to exactly the registry's values.
///
/// The constraint is replaced the safe way: dropped and re-added `NOT VALID` in one short transaction (only a
/// brief lock, old rows not scanned), then validated in a second transaction, which scans existing rows without
/// blocking writes. `DROP ... IF EXISTS` makes the file safe to apply twice. Whether a migration is needed at
/// all (the effective constraint differs) is decided by `generate`, not here.
public enum SQLConstraintEmitter {
    /// The name generated constraint migrations carry after their number.
    public static let slug = "notification_type_check_constraint"

    /// The whole migration file, generated header included. `removing`: values the constraint it replaces
    /// accepts and the registry no longer has; when there are any, step 2 first stops with a clear message if
    /// rows still hold them (`RemovedValueGuard`).
    public static func migration(for registry: Registry, digest: String, removing removed: [String] = []) -> String {
        let target = registry.notificationColumn
        let table = SQLIdentifier.qualified(target.schema, target.table)
        let constraint = SQLIdentifier.quoted(target.constraintName)
        let column = SQLIdentifier.quoted(target.column)
        // The database holds server values only (scope `all` or `server`).
        let values = registry.notificationEnum.serverRawValues
        let guardBlock = removed.isEmpty ? "" : RemovedValueGuard.block(
            table: table, tableName: "\(target.qualifiedTable).\(target.column)", column: column, values: values, removed: removed)
        let check = values.isEmpty
            ? "false"
            : "\(column) IN (\n" + values.map { "    " + SQLIdentifier.literal($0) }.joined(separator: ",\n") + "\n)"

        return GeneratedHeader.text(comment: "--", registryFile: registry.file, digest: digest) + """

            -- \(target.qualifiedTable).\(target.column) accepts exactly the \(values.count) notification types of \
            \(registry.file).
            -- Step 1 swaps the constraint NOT VALID under a brief lock; step 2 checks existing rows without blocking writes.
            SET lock_timeout = '5s';

            BEGIN;
            ALTER TABLE \(table) DROP CONSTRAINT IF EXISTS \(constraint);
            ALTER TABLE \(table) ADD CONSTRAINT \(constraint) CHECK (\(check)) NOT VALID;
            COMMIT;

            BEGIN;
            \(guardBlock)ALTER TABLE \(table) VALIDATE CONSTRAINT \(constraint);
            COMMIT;

            """
    }

    /// The file name for the next constraint migration in `folder`: its next free number
    /// (`108_notification_type_check_constraint.sql`, or a UTC timestamp in timestamp folders).
    public static func fileName(in folder: MigrationFolder, existing: [MigrationFile], now: Date) -> String {
        let inFolder = existing.filter { $0.folder.dir == folder.dir }
        let prefix = MigrationNumbering.nextPrefix(in: folder, existing: inFolder, now: now)
        return MigrationNumbering.fileName(prefix: prefix, description: slug)
    }
}
