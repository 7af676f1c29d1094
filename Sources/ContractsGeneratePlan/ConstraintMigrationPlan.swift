import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// Decides whether `generate` writes a new migration for the type column's value set. Existing migrations
/// are never edited; Swift and TypeScript never depend on this (only the migration reads the replay).
///
/// - A CHECK constraint (`sql.constraint`): written when the effective constraint differs from the registry.
/// - No constraint (free text): written only when asked (`outputs.sql` set), and refused while migrations or
///   sources write values the registry lacks (the new constraint's VALIDATE would fail on those rows).
/// - An ENUM type (`sql.enum_type`): `ADD VALUE IF NOT EXISTS` for values the type lacks; a value the type has
///   that the registry neither lists nor retires is refused (PostgreSQL cannot drop an enum value in place).
///
/// When the replay cannot decide (a statement that does not parse names the table, the constraint or the type),
/// no migration is planned and `skipped` says why; Swift and TypeScript are written all the same. Syntax errors
/// elsewhere are `check`'s business, not a reason to stop.
enum ConstraintMigrationPlan {
    /// The new migration, or nil when the database already enforces exactly the registry's set.
    static func migration(context: CheckContext, sql: SQLAnalysis, digest: String, now: Date) throws -> GeneratedFile? {
        let registry = context.registry
        guard let types = registry.contractEnum, let target = types.sql, let requested = requestedFolder(registry) else { return nil }
        if sql.valueSetUnknown != nil { return nil } // `skipped(sql:)` says why; Swift and TypeScript go on
        let lastSet = target.enumType != nil ? sql.effectiveEnum?.location : sql.effectiveConstraint?.location
        let folder = try replayedLast(requested, after: lastSet, registry: registry, root: (context.tree as? DiskTree)?.root)
        if let type = target.enumType {
            return try EnumMigrationPlan.migration(context: context, types: types, sql: sql, type: type, folder: folder,
                                                   digest: digest, now: now)
        }
        if target.constraint == nil { try refuseUnregisteredWrites(context: context, sql: sql) }
        let server = types.serverRawValues
        if let effective = sql.effectiveConstraint, Set(effective.values) == Set(server),
           effective.name == target.constraintName, !effective.notValid {
            return nil
        }
        let existing = try MigrationCatalog.files(in: folder, tree: context.tree)
        let name = EnumSQLEmitter.fileName(EnumSQLEmitter.constraintSlug(types.sharedEnum, notification: types.contract),
                                           in: folder, existing: existing, now: now)
        // Values the constraint in force accepts that the new one does not: rows may hold them.
        let removed = (sql.effectiveConstraint?.values ?? []).filter { !server.contains($0) }
        let column = EnumSQLEmitter.Column(target: target, values: server, constraintName: target.constraintName, replacing: nil,
                                           removed: removed)
        return GeneratedFile(path: folder.dir + "/" + name,
                             contents: EnumSQLEmitter.constraintMigration(for: types.sharedEnum, notification: types.contract,
                                                                          columns: [column], registryFile: registry.file, digest: digest))
    }

    /// A new migration takes effect only if the replay puts it after the migration that last set the value set:
    /// `requested`, unless that migration sits in a folder replayed later. Then the later folder, when the registry
    /// leaves the choice to the tool; refused (exit 2, with the fix) when `outputs.sql` names the earlier folder,
    /// since a migration there would be overridden on every replay and `generate` would write one more each run.
    static func replayedLast(_ requested: MigrationFolder, after lastSet: SourceLocation?, registry: Registry,
                             root: URL?) throws -> MigrationFolder {
        guard let lastSet,
              let last = registry.migrations.lastIndex(where: { ProjectPath.isSameOrInside(lastSet.file, $0.dir, root: root) }),
              let index = registry.migrations.firstIndex(where: { $0.dir == requested.dir }),
              last > index else { return requested }
        let later = registry.migrations[last]
        guard registry.outputs.sql != nil else { return later }
        throw GenerationRefused(lines: [
            "\(requested.location): error: outputs.sql '\(requested.dir)' is replayed before '\(later.dir)', where the value set "
                + "is last set (\(lastSet)); a migration written to '\(requested.dir)' would be overridden by it on every replay. "
                + "Set outputs.sql: \(later.dir) (nothing was written)",
        ])
    }

    /// The folder a value-set migration goes to, when the registry asks for one: it names a CHECK constraint or an
    /// ENUM type, or sets `outputs.sql` (a free-text column gets a first constraint only then). None for a
    /// notification enum no column holds.
    private static func requestedFolder(_ registry: Registry) -> MigrationFolder? {
        guard let target = registry.contractEnum?.sql, target.constraint != nil || target.enumType != nil || registry.outputs.sql != nil else { return nil }
        return registry.sqlOutputFolder
    }

    /// Why no migration can be planned, as `file:line:col: warning: ...` lines, or nil when it can: a statement
    /// that does not parse names the table, the constraint or the type, so the set the database ends up with is
    /// unknown. Only the migration waits for that; the Swift and TypeScript files are written all the same.
    static func skipped(context: CheckContext, sql: SQLAnalysis) -> [String]? {
        guard requestedFolder(context.registry) != nil, let reason = sql.valueSetUnknown else { return nil }
        return sql.valueSetBlockers.map {
            "\($0): warning: \(reason) (sql-constraint-unknown); no migration for the value set is written until "
                + "it is known (Swift and TypeScript are). Leave the broken migration as it is and add one that states the "
                + "set again (`ALTER TABLE ... DROP CONSTRAINT IF EXISTS ...; ALTER TABLE ... ADD CONSTRAINT ... CHECK (...)`, "
                + "or for an ENUM type a new `CREATE TYPE`): the replay then knows it"
        }
    }

    /// A first CHECK constraint on a free-text column must not be written while anything writes values the
    /// registry lacks: the SQL that migrations run and live functions hold (assignments, inserts, emitter
    /// arguments), and the literals the Swift and TypeScript readers find used as a type where the registry does
    /// not allow them (`swift-unknown-literal`'s and `ts-unknown-literal`'s facts). A surface whose files cannot
    /// be read adds none. A const key the const object lacks names no value.
    private static func refuseUnregisteredWrites(context: CheckContext, sql: SQLAnalysis) throws {
        var places: [(value: String, location: SourceLocation)] = sql.unregisteredWrites
        let literals = ((try? SwiftSourceCheck.unknownTypeLiterals(in: context)) ?? [])
            + ((try? TypeScriptSourceCheck.unknownTypeLiterals(in: context)) ?? [])
        for literal in literals {
            if let value = literal.raw { places.append((value, literal.location)) }
        }
        // A server-only value used in Swift is drift of the app, not a value the new constraint would reject.
        let server = Set(context.registry.contractEnum?.serverRawValues ?? [])
        places.removeAll { server.contains($0.value) }
        guard !places.isEmpty else { return }
        places.sort { $0.location < $1.location }
        let values = places.reduce(into: [String]()) { if !$1.value.isEmpty, !$0.contains($1.value) { $0.append($1.value) } }
        guard let sql = context.registry.contractEnum?.sql else { return }
        var lines = ["error: refusing to write a CHECK constraint on \(sql.qualifiedTable).\(sql.column): "
            + "\(values.count) value(s) the registry lacks are written today (\(values.map { "'\($0)'" }.joined(separator: ", "))), "
            + "so its VALIDATE would fail on live rows. Register them, or stop writing them and clean the rows up "
            + "(`UPDATE ... SET \(sql.column) = ... WHERE \(sql.column) = ...`) first."]
        lines += places.map { "\($0.location): error: '\($0.value)' is written here" }
        throw GenerationRefused(lines: lines)
    }
}
