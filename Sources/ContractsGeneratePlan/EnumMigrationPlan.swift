import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// Decides which migrations `generate` writes for the enums' value sets: at most one per enum, for every enum in
/// registry order (the notification enum first), each numbered after the ones before it. Existing migrations are
/// never edited; Swift and TypeScript never depend on this (only the migrations read the replay).
///
/// - An ENUM type (`sql.enum_type`): `ADD VALUE IF NOT EXISTS` for the server values the type lacks; a label the type
///   has that the enum neither lists nor retires is refused (PostgreSQL cannot drop an enum value in place).
/// - Columns: each column whose CHECK constraint differs from the enum's server values gets it re-created, all the
///   enum's columns in one migration (`EnumSQLEmitter`). What a column's new constraint holds is decided per enum
///   (`notificationColumns`, `sharedColumns`): the notification enum's constraint holds exactly its server values
///   under its declared name, as it always has; another enum's keeps the retired values the constraint in force
///   still allows, under the name it has.
/// - No column and no type (a push type only the payload carries): no migration.
///
/// When the replay cannot decide (a statement that does not parse names the table, the constraint or the type),
/// no migration is planned for that enum and `skipped` says why; Swift and TypeScript are written all the same.
/// Syntax errors elsewhere are `check`'s business, not a reason to stop.
enum EnumMigrationPlan {
    /// One migration per enum whose database surface the replay leaves different from the registry.
    static func migrations(context: CheckContext, sql: SQLAnalysis, now: Date) throws -> [GeneratedFile] {
        let registry = context.registry
        guard let requested = registry.sqlOutputFolder else { return [] }
        let root = (context.tree as? DiskTree)?.root
        var out: [GeneratedFile] = []
        var catalogs: [String: [MigrationFile]] = [:]
        for e in registry.allEnums {
            let contract = registry.notificationContract(of: e)
            let digest = contract != nil ? RegistryDigest.ofContract(registry) : RegistryDigest.of(sharedEnum: e, in: registry, swift: false)
            guard let change = try change(of: e, contract: contract, context: context, sql: sql, digest: digest) else { continue }
            let folder = try replayedLast(requested, after: change.lastSet, registry: registry, root: root)
            if catalogs[folder.dir] == nil { catalogs[folder.dir] = try MigrationCatalog.files(in: folder, tree: context.tree) }
            let name = EnumSQLEmitter.fileName(change.slug, in: folder, existing: catalogs[folder.dir] ?? [], now: now)
            let file = GeneratedFile(path: folder.dir + "/" + name, contents: change.contents)
            catalogs[folder.dir, default: []].append(MigrationFile(path: file.path, folder: folder))
            out.append(file)
        }
        return out
    }

    /// What one enum's migration says, its name after the number, and the statement that last set the value set it
    /// changes (the migration must be replayed after it); nil when the database already holds the enum's set, or
    /// when the replay cannot tell (`skipped`).
    private typealias Change = (contents: String, slug: String, lastSet: SourceLocation?)

    private static func change(of e: SharedEnum, contract: NotificationContract?, context: CheckContext, sql: SQLAnalysis,
                               digest: String) throws -> Change? {
        let registry = context.registry
        if let type = e.sql.enumType {
            // The notification enum's type is replayed with its column; any other enum's by the type's name.
            let notificationColumn = contract != nil ? e.sql.columns.first : nil
            let blocked = notificationColumn != nil ? sql.valueSetUnknown != nil : sql.enumTypeBlocked(type)
            guard !blocked else { return nil }
            let state: (values: [String], location: SourceLocation)?
            if let column = notificationColumn {
                let effective = sql.effectiveEnum
                state = effective?.values.map { (values: $0, location: effective?.location ?? column.location) }
            } else {
                state = sql.enumType(type)
            }
            guard let contents = try enumTypeContents(for: e, notification: contract, type: type, state: state,
                                                      declaredAt: notificationColumn?.location ?? e.location,
                                                      registryFile: registry.file, digest: digest)
            else { return nil }
            return (contents, EnumSQLEmitter.enumSlug(e, notification: contract), state?.location)
        }
        let columns = contract != nil ? try notificationColumns(e, context: context, sql: sql)
            : sharedColumns(e, registry: registry, sql: sql)
        guard let columns, !columns.changed.isEmpty else { return nil }
        let contents = EnumSQLEmitter.constraintMigration(for: e, notification: contract, columns: columns.changed,
                                                          registryFile: registry.file, digest: digest)
        return (contents, EnumSQLEmitter.constraintSlug(e, notification: contract), columns.lastSet)
    }

    /// The columns of the notification enum whose constraint changes, each as the replay leaves it: a CHECK
    /// constraint (`sql.constraint`) re-created with exactly the server values when it differs; a free-text column
    /// given a first one only when asked (`outputs.sql` set), and refused while migrations or sources write values
    /// the registry lacks (the new constraint's VALIDATE would fail on those rows). Nil when the replay cannot tell
    /// the first column's set; a later column it cannot tell is left out (`skipped` says so).
    private static func notificationColumns(_ e: SharedEnum, context: CheckContext, sql: SQLAnalysis) throws
        -> (changed: [EnumSQLEmitter.Column], lastSet: SourceLocation?)? {
        guard sql.valueSetUnknown == nil else { return nil }
        let server = e.rawValues(on: .server)
        var changed: [EnumSQLEmitter.Column] = [], lastSet: SourceLocation?
        let columns = sql.enumColumns.filter {
            $0.isNotification && $0.blockers.isEmpty && ($0.target.constraint != nil || context.registry.outputs.sql != nil)
        }
        // What writes values the registry lacks is read once (every Swift and TypeScript source), whatever the number
        // of free-text columns; the refusal names the first of them.
        if let freeText = columns.first(where: { $0.target.constraint == nil }) {
            try refuseUnregisteredWrites(e, target: freeText.target, context: context, sql: sql)
        }
        for column in columns {
            let target = column.target
            let effective = column.effective
            if let effective, Set(effective.values) == Set(server), effective.name == target.constraintName, !effective.notValid {
                continue
            }
            // Values the constraint in force accepts that the new one does not: rows may hold them.
            let removed = (effective?.values ?? []).filter { !server.contains($0) }
            changed.append(EnumSQLEmitter.Column(target: target, values: server, constraintName: target.constraintName,
                                                 replacing: nil, removed: removed))
            if let at = effective?.location, lastSet.map({ $0 < at }) ?? true { lastSet = at }
        }
        return (changed, lastSet)
    }

    /// The columns of an enum of `enums:` whose constraint changes: a column with a CHECK constraint (declared with
    /// `constraint:`, or found on the column) re-created with the enum's server values, keeping the retired values
    /// the constraint in force still allows (old rows may hold them), under the name it has. A column with neither
    /// is free text: nothing is written for it; nor for a column whose set the replay cannot read.
    private static func sharedColumns(_ e: SharedEnum, registry: Registry, sql: SQLAnalysis)
        -> (changed: [EnumSQLEmitter.Column], lastSet: SourceLocation?)? {
        let server = e.rawValues(on: .server)
        var changed: [EnumSQLEmitter.Column] = [], lastSet: SourceLocation?
        for column in sql.enumColumns where column.enumName == e.name && !column.isNotification && column.blockers.isEmpty
            && !column.hasUnreadableCheck {
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
        return (changed, lastSet)
    }

    /// The migration adding the server values an enum's ENUM type lacks, for every enum (the notification enum's
    /// contract only words it): nil when the type has them all. Refused when the replay leaves no such type (at
    /// `declaredAt`, where the registry names the type or its column), or when the type has a label the enum neither
    /// lists nor retires. `state`: the type's labels after the replay and the statement that last set them.
    private static func enumTypeContents(for e: SharedEnum, notification: NotificationContract?, type: SQLTypeName,
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

    /// Why a migration cannot be planned, as `file:line:col: warning: ...` lines: a statement that does not parse
    /// names the notification enum's table, constraint or type, or may change a CHECK constraint of another enum's
    /// column, so the set the database ends up with is unknown. Only the migration waits for that; the Swift and
    /// TypeScript files are written all the same.
    static func skipped(context: CheckContext, sql: SQLAnalysis) -> [String] {
        let registry = context.registry
        guard registry.sqlOutputFolder != nil else { return [] }
        var lines: [String] = []
        for e in registry.allEnums {
            let notification = registry.notificationContract(of: e) != nil
            if notification, let target = e.sql.columns.first,
               target.constraint != nil || e.sql.enumType != nil || registry.outputs.sql != nil, let reason = sql.valueSetUnknown {
                lines += sql.valueSetBlockers.map {
                    "\($0): warning: \(reason) (sql-constraint-unknown); no migration for the value set is written until "
                        + "it is known (Swift and TypeScript are). Leave the broken migration as it is and add one that states the "
                        + "set again (`ALTER TABLE ... DROP CONSTRAINT IF EXISTS ...; ALTER TABLE ... ADD CONSTRAINT ... CHECK (...)`, "
                        + "or for an ENUM type a new `CREATE TYPE`): the replay then knows it"
                }
                continue
            }
            // The notification enum's later columns (its first is the value set above), and every other enum's.
            let columns = sql.enumColumns.filter { $0.enumName == e.name && $0.isNotification == notification }
            for column in notification ? Array(columns.dropFirst()) : columns {
                for at in column.blockers {
                    lines.append("\(at): warning: this statement does not parse and may change the CHECK constraint on "
                        + "\(column.target.qualifiedTable).\(column.target.column) (sql-constraint-unknown); no migration for "
                        + "\(e.name) on that column is written until it is known")
                }
            }
        }
        return lines
    }

    /// A first CHECK constraint on a free-text column must not be written while anything writes values the
    /// registry lacks: the SQL that migrations run and live functions hold (assignments, inserts, emitter
    /// arguments), and the literals the Swift and TypeScript readers find used as a type where the registry does
    /// not allow them (`swift-unknown-literal`'s and `ts-unknown-literal`'s facts). A surface whose files cannot
    /// be read adds none. A const key the const object lacks names no value.
    private static func refuseUnregisteredWrites(_ e: SharedEnum, target: SQLConstraintTarget, context: CheckContext,
                                                 sql: SQLAnalysis) throws {
        var places: [(value: String, location: SourceLocation)] = sql.unregisteredWrites
        let literals = ((try? SwiftSourceCheck.unknownTypeLiterals(in: context)) ?? [])
            + ((try? TypeScriptSourceCheck.unknownTypeLiterals(in: context)) ?? [])
        for literal in literals {
            if let value = literal.raw { places.append((value, literal.location)) }
        }
        // A server-only value used in Swift is drift of the app, not a value the new constraint would reject.
        let server = Set(e.rawValues(on: .server))
        places.removeAll { server.contains($0.value) }
        guard !places.isEmpty else { return }
        places.sort { $0.location < $1.location }
        let values = places.reduce(into: [String]()) { if !$1.value.isEmpty, !$0.contains($1.value) { $0.append($1.value) } }
        let sql = target
        var lines = ["error: refusing to write a CHECK constraint on \(sql.qualifiedTable).\(sql.column): "
            + "\(values.count) value(s) the registry lacks are written today (\(values.map { "'\($0)'" }.joined(separator: ", "))), "
            + "so its VALIDATE would fail on live rows. Register them, or stop writing them and clean the rows up "
            + "(`UPDATE ... SET \(sql.column) = ... WHERE \(sql.column) = ...`) first."]
        lines += places.map { "\($0.location): error: '\($0.value)' is written here" }
        throw GenerationRefused(lines: lines)
    }
}
