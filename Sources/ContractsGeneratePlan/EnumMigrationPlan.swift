import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsSQL
import Foundation

/// The migration for a column whose value set is a PostgreSQL ENUM type: the values the type lacks, added;
/// a value it has that the registry neither lists nor retires, refused (PostgreSQL has no `DROP VALUE`: the
/// type would have to be re-created and every column converted, which `generate` does not guess at).
enum EnumMigrationPlan {
    static func migration(context: CheckContext, types: NotificationTypeSet, sql: SQLAnalysis, type: SQLTypeName,
                          folder: MigrationFolder, digest: String, now: Date) throws -> GeneratedFile? {
        guard let column = types.sql else { return nil }
        guard let effective = sql.effectiveEnum, let values = effective.values else {
            throw GenerationRefused(lines: [
                "\(column.location): error: no ENUM type \(type.qualified) after replaying the migrations; "
                    + "create it in a migration (`CREATE TYPE \(type.qualified) AS ENUM (...)`) before generating",
            ])
        }
        let server = types.serverRawValues
        let removed = values.filter { !server.contains($0) && !types.retiredRawValues.contains($0) }
        if !removed.isEmpty {
            let at = effective.location.map { "\($0)" } ?? "\(column.location)"
            throw GenerationRefused(lines: [
                "\(at): error: ENUM type \(type.qualified) has \(removed.map { "'\($0)'" }.joined(separator: ", ")), which the registry "
                    + "no longer lists; PostgreSQL cannot drop a value from an ENUM type in place. List it under "
                    + "\(types.entry).retired (old rows may hold it), or re-create the type in a hand-written migration",
            ])
        }
        guard server.contains(where: { !values.contains($0) }) else { return nil }
        let existing = try MigrationCatalog.files(in: folder, tree: context.tree)
        let name = EnumSQLEmitter.fileName(EnumSQLEmitter.enumSlug(types.sharedEnum, notification: types.contract),
                                           in: folder, existing: existing, now: now)
        return GeneratedFile(path: folder.dir + "/" + name,
                             contents: EnumSQLEmitter.enumTypeMigration(for: types.sharedEnum, notification: types.contract, type: type,
                                                                        existing: values, registryFile: context.registry.file, digest: digest))
    }
}
