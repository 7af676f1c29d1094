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
        let text = { (tree: FileTree, path: String) in String(decoding: try tree.read(path), as: UTF8.self) }
        let swift = try context.swiftSources().concurrentMap { path in
            Result { try cache.run("names:" + path, key: "") { tree in SchemaUseReader.uses(path: path, text: try text(tree, path)) } }
        }.map { try $0.get() }
        let typescript = try context.typescriptSources().concurrentMap { path in
            Result { try cache.run("names-ts:" + path, key: "") { tree in TSSchemaUseReader.uses(path: path, text: try text(tree, path)) } }
        }.map { try $0.get() }
        let uses = (swift + typescript).filter { !$0.queries.isEmpty || !$0.rpcs.isEmpty }
        guard !uses.isEmpty, let schema = try schema(context),
              // Migrations that create no table of the app's (none yet, or a schema kept elsewhere) are no contract.
              schema.relations.keys.contains(where: { !schema.isUnknownSchema($0.schema) }) else { return [] }
        return findings(SchemaNameFacts(uses: uses, schema: schema)).sortedForReport()
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
