import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsSQL
import Foundation

/// The migration for a column whose value set is a PostgreSQL ENUM type: the values the type lacks, added;
/// a value it has that the registry neither lists nor retires, refused (PostgreSQL has no `DROP VALUE`: the
/// type would have to be re-created and every column converted, which `generate` does not guess at).
enum EnumMigrationPlan {
    /// The notification enum's ENUM-type migration into `folder`, or nil when the type has every server value.
    static func migration(context: CheckContext, types: NotificationTypeSet, sql: SQLAnalysis, type: SQLTypeName,
                          folder: MigrationFolder, digest: String, now: Date) throws -> GeneratedFile? {
        guard let column = types.sql else { return nil }
        let effective = sql.effectiveEnum
        let state = effective?.values.map { (values: $0, location: effective?.location ?? column.location) }
        guard let contents = try contents(for: types.sharedEnum, notification: types.contract, type: type, state: state,
                                          declaredAt: column.location, registryFile: context.registry.file, digest: digest)
        else { return nil }
        let existing = try MigrationCatalog.files(in: folder, tree: context.tree)
        let name = EnumSQLEmitter.fileName(EnumSQLEmitter.enumSlug(types.sharedEnum, notification: types.contract),
                                           in: folder, existing: existing, now: now)
        return GeneratedFile(path: folder.dir + "/" + name, contents: contents)
    }

    /// The migration adding the server values an enum's ENUM type lacks, for every enum (the notification enum's
    /// contract only words it): nil when the type has them all. Refused when the replay leaves no such type (at
    /// `declaredAt`, where the registry names the type or its column), or when the type has a label the enum neither
    /// lists nor retires. `state`: the type's labels after the replay and the statement that last set them.
    static func contents(for e: SharedEnum, notification: NotificationContract?, type: SQLTypeName,
                         state: (values: [String], location: SourceLocation)?, declaredAt: SourceLocation,
                         registryFile: String, digest: String) throws -> String? {
        guard let state else {
            throw GenerationRefused(lines: [
                "\(declaredAt): error: no ENUM type \(type.qualified) after replaying the migrations; create it in a "
                    + "migration (`CREATE TYPE \(type.qualified) AS ENUM (...)`) before generating",
            ])
        }
        let server = e.rawValues(on: .server)
        let removed = state.values.filter { !server.contains($0) && e.retired(raw: $0) == nil }
        if !removed.isEmpty {
            let entry = notification?.entry ?? "enums.\(e.name)"
            throw GenerationRefused(lines: [
                "\(state.location): error: ENUM type \(type.qualified) has \(removed.map { "'\($0)'" }.joined(separator: ", ")), "
                    + "which \(notification != nil ? "the registry" : entry) no longer lists; PostgreSQL cannot drop a value from an "
                    + "ENUM type in place. List it under \(entry).retired (old rows may hold it), or re-create the type in a "
                    + "hand-written migration",
            ])
        }
        guard server.contains(where: { !state.values.contains($0) }) else { return nil }
        return EnumSQLEmitter.enumTypeMigration(for: e, notification: notification, type: type, existing: state.values,
                                                registryFile: registryFile, digest: digest)
    }
}
