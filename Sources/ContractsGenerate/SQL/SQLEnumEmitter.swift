import ContractsCore
import ContractsMigrations
import Foundation

/// Writes the migration that adds the registry's missing values to the column's PostgreSQL ENUM type.
///
/// One `ALTER TYPE ... ADD VALUE IF NOT EXISTS` per value, in registry order, placed after the registry value
/// before it (or before the one after it) when the type has that one, so the type's order follows the registry.
/// No `BEGIN`/`COMMIT`: before PostgreSQL 12 `ADD VALUE` cannot run inside a transaction block, and from 12 on
/// a value added in a transaction cannot be used until it commits, so nothing else goes in this file.
/// Removing a value is never written: PostgreSQL cannot drop an enum value in place (`generate` refuses).
public enum SQLEnumEmitter {
    /// The name generated enum migrations carry after their number.
    public static let slug = "notification_type_enum_values"

    /// The whole migration file, generated header included. `existing`: the type's values now, in order.
    public static func migration(for registry: Registry, type: SQLTypeName, existing: [String], digest: String) -> String {
        let lines = addValueLines(registry.notificationEnum.serverRawValues, existing: existing, type: type)
        let target = registry.notificationColumn
        return GeneratedHeader.text(comment: "--", registryFile: registry.file, digest: digest) + """

            -- \(target.qualifiedTable).\(target.column) has ENUM type \(type.qualified); this adds the \(lines.count) value(s) of \
            \(registry.file) it lacks.
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

    /// The file name for the next enum migration in `folder`.
    public static func fileName(in folder: MigrationFolder, existing: [MigrationFile], now: Date) -> String {
        let inFolder = existing.filter { $0.folder.dir == folder.dir }
        return MigrationNumbering.fileName(prefix: MigrationNumbering.nextPrefix(in: folder, existing: inFolder, now: now),
                                           description: slug)
    }
}
