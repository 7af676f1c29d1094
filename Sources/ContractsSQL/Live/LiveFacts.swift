import Foundation
import ContractsCore
import ContractsMigrations

/// What the `db-*` rules judge: the migrations' parsed history (the same `SQLAnalysis` the SQL rules read)
/// next to the live database's snapshot, whose constraint and function texts went through the same reader.
struct LiveFacts: Sendable {
    /// One live function, parsed as if a migration held its `pg_get_functiondef` text.
    struct Function: Sendable {
        var live: LiveSnapshot.Function
        var parsed: ParsedMigration
        var shape: FunctionShape?
    }

    /// The file name findings give the live database's texts while they are read (never reported as a location).
    static let sourceName = "(live database)"

    let analysis: SQLAnalysis
    let snapshot: LiveSnapshot
    /// Live functions by schema-qualified, lowercased name (overloads share one).
    let functions: [String: [Function]]

    var registry: Registry { analysis.registry }
    var facts: SQLFacts { analysis.facts }

    init(analysis: SQLAnalysis, snapshot: LiveSnapshot) {
        self.analysis = analysis
        self.snapshot = snapshot
        var functions: [String: [Function]] = [:]
        for live in snapshot.functions {
            let parsed = MigrationParser.parse(text: live.definition, path: Self.sourceName, folder: "")
            functions[live.name, default: []].append(Function(live: live, parsed: parsed, shape: FunctionShape.of(live.definition)))
        }
        self.functions = functions
    }

    /// The value set live CHECK constraints (`pg_get_constraintdef` texts) enforce on `target`'s column: read as a
    /// migration that adds them to its table, and replayed as the migrations are (the constraint the registry
    /// names, else the checks that read that column alone).
    static func effective(_ constraints: [LiveSnapshot.Constraint], on target: SQLConstraintTarget) -> EffectiveConstraint? {
        let table = quoted(target.schema) + "." + quoted(target.table)
        let script = constraints.map {
            "ALTER TABLE ONLY \(table) ADD CONSTRAINT \(quoted($0.name)) \($0.definition);\n"
        }.joined()
        let history = MigrationHistory(migrations: [MigrationParser.parse(text: script, path: sourceName, folder: "")])
        return ConstraintReplay.effective(of: ConstraintReplay.state(of: history.constraintEvents(for: target), target: target),
                                          preferring: target.constraintName)
    }

    /// The live database's column of `target`: the notification enum's first column as the reader reads it beside
    /// its functions (its table, constraints and rows), any other from the enums' columns it read; nil when it did
    /// not read it.
    func liveColumn(_ target: SQLFacts.Target) -> LiveSnapshot.EnumColumn? {
        guard let sql = target.target.sql else { return nil }
        if target.index == facts.notificationColumn?.index {
            return LiveSnapshot.EnumColumn(schema: sql.schema, table: sql.table, column: sql.column, tableExists: snapshot.tableExists,
                                           constraints: snapshot.constraints, values: snapshot.columnValues)
        }
        return snapshot.enumColumns.first { $0.matches(sql) }
    }

    /// The live database's ENUM type of `target`: the notification enum's as the reader reads it beside its column
    /// (its labels; its columns, the registry's), any other from the enums' types it read; nil when it did not read it.
    func liveType(_ target: SQLFacts.Target) -> LiveSnapshot.EnumType? {
        guard case .enumType(let type) = target.target.surface else { return nil }
        if target.target.isNotification, let first = facts.notificationColumn, first.target.sql?.enumType == type {
            let columns = facts.columns.filter(\.target.isNotification).compactMap(\.target.sql).map {
                LiveSnapshot.EnumColumn(schema: $0.schema, table: $0.table, column: $0.column)
            }
            return LiveSnapshot.EnumType(schema: type.schema, name: type.name, labels: snapshot.enumLabels, columns: columns)
        }
        return snapshot.enumTypes.first { $0.matches(type) }
    }

    /// The literal reader the SQL rules use, with the live triggers' functions added to the migrations'.
    var literalReader: TypeLiteralReader {
        let reader = FactsReader(registry)
        let triggers = facts.triggerFunctions.union(snapshot.functions.filter(\.runByTrigger).map(\.name))
        return TypeLiteralReader(targets: reader.targets, emitters: reader.emitters, triggerFunctions: triggers)
    }

    /// The timestamp folders' migrations with the version the Supabase CLI records for them.
    var versionedMigrations: [(version: String, path: String)] {
        let folders = registry.migrations.filter { $0.scheme == .timestamp }
        return facts.history.facts.compactMap { migration in
            guard let folder = folders.first(where: { $0.dir == migration.folder }),
                  let version = MigrationFile(path: migration.path, folder: folder).version else { return nil }
            return (version, migration.path)
        }
    }

    /// `"name"` with inner quotes doubled: an identifier PostgreSQL reads back exactly.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
