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
    /// Findings with the rules' default severities, sorted for reporting. Each file's uses go through `cache`.
    /// `schema`: the replayed schema of the project (nil: not known, nothing is judged).
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil,
                                schema: (CheckContext) throws -> ProjectSchema?) throws -> [Finding] {
        // `NAARS_BENCH_NO_SCHEMA_NAMES=1`: not run, so a bench can time what the name checks add to a cold `check`.
        guard Environment.value("NAARS_BENCH_NO_SCHEMA_NAMES") != "1" else { return [] }
        let cache = cache ?? NoCheckerCache(context.tree)
        let read = try context.swiftSources().concurrentMap { path in
            Result { try cache.run("names:" + path, key: "") { tree in
                try tree.readText(path, ifHoldingAnyOf: SchemaUseReader.needles).map { SchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
            } }
        }.map { try $0.get() }
        let swift = try joinEncodedTypes(read, paths: context.swiftSources(), cache: cache)
        let typescript = try context.typescriptSources().concurrentMap { path in
            Result { try cache.run("names-ts:" + path, key: "") { tree in
                try tree.readText(path, ifHoldingAnyOf: TSSchemaUseReader.needles).map { TSSchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
            } }
        }.map { try $0.get() }
        let uses = (swift + typescript).filter { !$0.queries.isEmpty || !$0.rpcs.isEmpty }
        guard !uses.isEmpty, var schema = try schema(context),
              // Migrations that create no table of the app's (none yet, or a schema kept elsewhere) are no contract.
              schema.relations.keys.contains(where: { !schema.isUnknownSchema($0.schema) }) else { return [] }
        // A table the registry names (an enum's column is in it) exists, whatever the migrations say of it.
        for column in context.registry.allEnums.flatMap(\.sql.columns)
        where schema.relations[ProjectSchema.Name(schema: column.schema, column.table)] == nil {
            schema.unknownNames.insert(column.table)
        }
        guard describesTheApp(schema, uses) else { return [] }
        return findings(SchemaNameFacts(uses: uses, schema: schema)).sortedForReport()
    }

    /// The writes whose rows are an `Encodable` type another file declares, given that type's keys: each Swift
    /// file that names such a type says what its declarations encode (through `cache`, keyed by the names wanted,
    /// so an edit of the type's file alone is seen). A name the project declares more than once (two targets, a
    /// class and a struct), or whose keys an extension elsewhere may change, stays unknown.
    static func joinEncodedTypes(_ uses: [SchemaUses], paths: [String], cache: CheckerCache) throws -> [SchemaUses] {
        let wanted = Set(uses.flatMap { $0.queries.compactMap(\.write?.typeName) })
        guard !wanted.isEmpty else { return uses }
        let needles = wanted.sorted().map { Array($0.utf8) }
        let declared = try paths.concurrentMap { path in
            Result { try cache.run("names-types:" + path, key: wanted.sorted().joined(separator: " ")) { tree in
                try tree.readText(path, ifHoldingAnyOf: needles).map { SchemaUseReader.encodedTypes(path: path, text: $0, names: wanted) } ?? [:]
            } }
        }.map { try $0.get() }
        let all = declared.reduce(into: [String: [SchemaUse.EncodedType?]]()) { all, file in all.merge(file) { $0 + $1 } }
        return uses.map { file in
            var file = file
            for q in file.queries.indices {
                guard let write = file.queries[q].write, let name = write.typeName,
                      let found = all[name], found.count == 1, let encoded = found[0] else { continue }
                file.queries[q].columns += encoded.keys.map { SchemaUse.ColumnName(name: $0.key, role: .written, location: $0.location) }
                file.queries[q].write?.keys = encoded.complete ? encoded.keys.map(\.key) : nil
            }
            return file
        }
    }

    /// Whether the migrations describe the schema the app queries: not when most of the tables and views it names
    /// (at least 3) are missing from them. Such a project made its tables before its migrations started (in the
    /// dashboard), or keeps them elsewhere; every query would be reported, none of them rightly.
    static func describesTheApp(_ schema: ProjectSchema, _ uses: [SchemaUses]) -> Bool {
        let named = Set(uses.flatMap(\.queries).map { ProjectSchema.Name(schema: $0.schema, $0.relation) })
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
