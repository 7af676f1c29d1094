import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsSQL
import Foundation

/// The migrations `generate` writes for the shared enums (`enums:`): one per enum whose database surface the replay
/// leaves different from the registry, numbered after the notification types' (if any) in the same folder.
///
/// - Columns with a CHECK constraint (declared with `constraint:`, or found on the column): re-created with the
///   enum's server values (scope `all` or `server`), keeping the retired values the constraint in force still allows (old rows may hold them). A
///   column with neither is free text: nothing is written for it.
/// - An ENUM type: `ADD VALUE IF NOT EXISTS` for the values it lacks; a label it has that the enum neither lists nor
///   retires is refused, as for the notification types (PostgreSQL cannot drop an enum value in place).
///
/// A column or type that a statement which does not parse may change is skipped, with a warning (`skipped`).
enum SharedEnumMigrationPlan {
    static func migrations(context: CheckContext, sql: SQLAnalysis, planned: [GeneratedFile], now: Date) throws -> [GeneratedFile] {
        let registry = context.registry
        guard !registry.enums.isEmpty, let requested = registry.sqlOutputFolder else { return [] }
        let columns = Dictionary(grouping: sql.sharedColumns, by: \.enumIndex)
        var existing = try MigrationCatalog.files(in: requested, tree: context.tree)
        existing += planned.map { MigrationFile(path: $0.path, folder: requested) }
        var out: [GeneratedFile] = []
        for (index, e) in registry.enums.enumerated() {
            let digest = RegistryDigest.of(sharedEnum: e, in: registry, swift: false)
            var contents: String?, slug = "", lastSet: SourceLocation?
            let server = e.rawValues(on: .server)
            if let type = e.sql.enumType {
                guard !sql.enumTypeBlocked(type) else { continue }
                let state = sql.enumType(type)
                contents = try EnumMigrationPlan.contents(for: e, notification: nil, type: type, state: state, declaredAt: e.location,
                                                          registryFile: registry.file, digest: digest)
                slug = EnumSQLEmitter.enumSlug(e, notification: nil)
                lastSet = state?.location
            } else {
                var changed: [EnumSQLEmitter.Column] = []
                for column in columns[index] ?? [] where column.blockers.isEmpty && !column.hasUnreadableCheck {
                    let effective = column.effective
                    guard effective != nil || column.target.constraint != nil else { continue } // free text
                    let retiredKept = e.retired.map(\.raw).filter { effective?.values.contains($0) ?? false }
                    let values = server + retiredKept
                    let name = column.target.constraint ?? effective?.name ?? column.target.constraintName
                    if let effective, Set(effective.values) == Set(values), effective.name == name, !effective.notValid { continue }
                    let removed = (effective?.values ?? []).filter { !values.contains($0) }
                    changed.append(EnumSQLEmitter.Column(target: column.target, values: values, constraintName: name,
                                                               replacing: effective?.name, removed: removed))
                    if let at = effective?.location, lastSet.map({ $0 < at }) ?? true { lastSet = at }
                }
                guard !changed.isEmpty else { continue }
                contents = EnumSQLEmitter.constraintMigration(for: e, notification: nil, columns: changed, registryFile: registry.file,
                                                              digest: digest)
                slug = EnumSQLEmitter.constraintSlug(e, notification: nil)
            }
            guard let contents else { continue }
            let folder = try ConstraintMigrationPlan.replayedLast(requested, after: lastSet, registry: registry,
                                                                   root: (context.tree as? DiskTree)?.root)
            let inFolder = existing.filter { $0.folder.dir == folder.dir }
            let name = EnumSQLEmitter.fileName(slug, in: folder, existing: inFolder, now: now)
            let file = GeneratedFile(path: folder.dir + "/" + name, contents: contents)
            existing.append(MigrationFile(path: file.path, folder: folder))
            out.append(file)
        }
        return out
    }

    /// Why a shared enum's migration cannot be planned, as `file:line:col: warning: ...` lines.
    static func skipped(context: CheckContext, sql: SQLAnalysis) -> [String] {
        guard context.registry.sqlOutputFolder != nil else { return [] }
        var lines: [String] = []
        for column in sql.sharedColumns {
            let e = context.registry.enums[column.enumIndex]
            for at in column.blockers {
                lines.append("\(at): warning: this statement does not parse and may change the CHECK constraint on "
                    + "\(column.target.qualifiedTable).\(column.target.column) (sql-constraint-unknown); no migration for "
                    + "\(e.name) on that column is written until it is known")
            }
        }
        return lines
    }
}
