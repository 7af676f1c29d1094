import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// The names the app's code uses of the database (tables, views, columns, embedded relationships, functions and
/// their arguments), in Swift (supabase-swift) and TypeScript (supabase-js), judged against the schema the
/// migrations leave. Reads two languages and the migrations, so it sits between them, as `RPCPayloadCheck` does;
/// the migrations are replayed only when some source names something.
public enum SchemaNamesCheck {
    /// Findings with the rules' default severities, sorted for reporting. `schema`: the replayed schema of the
    /// project (nil: not known, nothing is judged).
    ///
    /// Cached in three steps, so that an edit redoes only what it changes. Each file's uses are read once
    /// (`names:`), and the relations it names kept apart (`names-relations:`). Whether the migrations describe the app
    /// at all is decided on every file's relations (`names-gate`), and each file is judged on its own against the schema
    /// (`names-judged:`). A Swift edit then reads and judges the edited file alone, with the migrations' replay only
    /// when that file names something; a migration edit judges every file again from its stored uses.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil,
                                schema: (CheckContext) throws -> ProjectSchema?) throws -> [Finding] {
        // `NAARS_BENCH_NO_SCHEMA_NAMES=1`: not run, so a bench can time what the name checks add to a cold `check`.
        guard Environment.value("NAARS_BENCH_NO_SCHEMA_NAMES") != "1" else { return [] }
        let cache = cache ?? NoCheckerCache(context.tree)
        let files = try context.swiftSources().map { (path: $0, typescript: false) }
            + context.typescriptSources().map { (path: $0, typescript: true) }
        let store = UsesStore(cache)
        // What each file names; a file whose uses still hold keeps them stored for the runs that judge it again.
        let named = try files.concurrentMap { file in
            Result { () -> NamedRelations in
                _ = cache.keep(UsesStore.unit(file), key: "")
                return try cache.run("names-relations:" + file.path, key: "") { tree in
                    _ = try tree.fingerprint(file.path)
                    let uses = try store.uses(file)
                    return NamedRelations(relations: Set(uses.queries.map { ProjectSchema.Name(schema: $0.schema, $0.relation) }).sorted(),
                                          uses: !uses.queries.isEmpty || !uses.rpcs.isEmpty)
                }
            }
        }.map { try $0.get() }
        guard named.contains(where: \.uses) else { return [] }
        let relations = Set(named.flatMap(\.relations)).sorted()
        // The schema as every judgment sees it, through the asking unit's tree (so each records the migrations).
        func judgedSchema(_ tree: FileTree) throws -> ProjectSchema? {
            try appSchema(schema(CheckContext(registry: context.registry, tree: tree, generatedPaths: context.generatedPaths,
                                              memo: context.memo)), context.registry)
        }
        let gate = try cache.run("names-gate", key: relations.map { $0.schema + "." + $0.name }.joined(separator: "\n")) { tree in
            guard let schema = try judgedSchema(tree), describesTheApp(schema, relations) else { return Gate.off }
            let missing = relations.filter { name in
                if case .missing = SchemaNames.lookup(schema, name) { return true }
                return false
            }
            return missing.count <= UnknownTableRule.suggestionLimit ? Gate.suggesting : Gate.plain
        }
        guard gate != .off else { return [] }
        let judged = try zip(files, named).map { $0 }.concurrentMap { file, named in
            Result { () -> [Finding] in
                guard named.uses else { return [] }
                return try cache.run("names-judged:" + file.path, key: gate.rawValue) { tree in
                    _ = try tree.fingerprint(file.path)
                    guard let schema = try judgedSchema(tree) else { return [] }
                    return findings(SchemaNameFacts(uses: [try store.uses(file)], schema: schema, suggestingRelations: gate == .suggesting))
                }
            }
        }.map { try $0.get() }
        return judged.flatMap { $0 }.sortedForReport()
    }

    /// The relations one file names, and whether it names anything (a function called, too).
    private struct NamedRelations: Codable {
        var relations: [ProjectSchema.Name]
        var uses: Bool
    }

    /// Whether the names are judged, and whether a relation that is no relation gets a "did you mean".
    private enum Gate: String, Codable {
        case off, plain, suggesting
    }

    /// Each file's uses, read (or decoded from the cache) at most once in the run, when some unit needs them.
    private final class UsesStore: @unchecked Sendable {
        let cache: CheckerCache
        private let lock = NSLock()
        private var read: [String: SchemaUses] = [:]

        init(_ cache: CheckerCache) { self.cache = cache }

        static func unit(_ file: (path: String, typescript: Bool)) -> String {
            (file.typescript ? "names-ts:" : "names:") + file.path
        }

        func uses(_ file: (path: String, typescript: Bool)) throws -> SchemaUses {
            if let known = lock.withLock({ read[file.path] }) { return known }
            let path = file.path
            let uses = try cache.run(Self.unit(file), key: "") { tree in
                file.typescript
                    ? try tree.readText(path, ifHoldingAnyOf: TSSchemaUseReader.needles).map { TSSchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
                    : try tree.readText(path, ifHoldingAnyOf: SchemaUseReader.needles).map { SchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
            }
            lock.withLock { read[path] = uses }
            return uses
        }
    }

    /// The schema the app's names are judged against, or nil when there is none to judge against: migrations that
    /// create no table of the app's (none yet, or a schema kept elsewhere) are no contract. A table the registry
    /// names (an enum's column is in it) exists, whatever the migrations say of it.
    static func appSchema(_ schema: ProjectSchema?, _ registry: Registry) -> ProjectSchema? {
        guard var schema, schema.relations.keys.contains(where: { !schema.isUnknownSchema($0.schema) }) else { return nil }
        for column in registry.allEnums.flatMap(\.sql.columns)
        where schema.relations[ProjectSchema.Name(schema: column.schema, column.table)] == nil {
            schema.unknownNames.insert(column.table)
        }
        return schema
    }

    /// Whether the migrations describe the schema the app queries: not when most of the tables and views it names
    /// (at least 3) are missing from them. Such a project made its tables before its migrations started (in the
    /// dashboard), or keeps them elsewhere; every query would be reported, none of them rightly.
    static func describesTheApp(_ schema: ProjectSchema, _ uses: [SchemaUses]) -> Bool {
        describesTheApp(schema, Set(uses.flatMap(\.queries).map { ProjectSchema.Name(schema: $0.schema, $0.relation) }).sorted())
    }

    static func describesTheApp(_ schema: ProjectSchema, _ named: [ProjectSchema.Name]) -> Bool {
        let missing = named.filter { name in
            if case .missing = SchemaNames.lookup(schema, name) { return true }
            return false
        }
        return missing.count < 3 || missing.count * 2 <= named.count
    }

    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        UnknownTableRule.findings(facts) + UnknownColumnRule.findings(facts) + UnknownRelationshipRule.findings(facts)
            + MissingRequiredColumnRule.findings(facts) + RPCArgumentRule.findings(facts) + SelectDecodeRule.findings(facts)
    }

    /// The schema the migrations leave, from the SQL side's replay.
    public static func replayedSchema(_ context: CheckContext) throws -> ProjectSchema? {
        try SQLAnalysis.load(context).schema
    }

    /// Its rule units, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] {
        [UnknownTableRule.self, UnknownColumnRule.self, UnknownRelationshipRule.self, MissingRequiredColumnRule.self,
         RPCArgumentRule.self, SelectDecodeRule.self]
    }
}
