import ContractsCore
import ContractsMigrations
@testable import ContractsSQL
import ContractsTestSupport
import Foundation
import XCTest

/// The replayed schema (`SchemaReplay`) against PostgreSQL 15 itself: every fixture app's migrations are applied to
/// a fresh database (Supabase's `auth`, `storage` and roles stubbed), and the catalog's relations, columns (type as
/// `format_type` prints it, NOT NULL, default/identity/generated), view columns, foreign keys and functions
/// (argument names, modes, types, defaults) compared with the replay's, column by column. What the replay marks
/// unknown (a relation whose columns are incomplete, a name an unreadable statement mentions, a type it cannot
/// print) is compared only as far as it is known.
final class SchemaOracleTests: XCTestCase {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Supabase's own objects the fixtures' migrations use.
    static let stubs = """
        DO $$ BEGIN CREATE ROLE anon NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
        DO $$ BEGIN CREATE ROLE authenticated NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
        DO $$ BEGIN CREATE ROLE service_role NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
        CREATE SCHEMA auth;
        CREATE TABLE auth.users (id uuid PRIMARY KEY, email text, raw_user_meta_data jsonb, created_at timestamptz);
        CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS 'SELECT NULL::uuid';
        CREATE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS 'SELECT NULL::text';
        CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS 'SELECT NULL::jsonb';
        CREATE SCHEMA storage;
        CREATE TABLE storage.buckets (id text PRIMARY KEY, name text, public boolean);
        CREATE TABLE storage.objects (id uuid PRIMARY KEY, bucket_id text, name text, owner uuid);
        CREATE SCHEMA extensions;
        CREATE SCHEMA net;
        CREATE FUNCTION net.http_post(url text, body jsonb DEFAULT '{}', params jsonb DEFAULT '{}', headers jsonb DEFAULT '{}',
                                      timeout_milliseconds int DEFAULT 1000) RETURNS bigint LANGUAGE sql AS 'SELECT 1::bigint';
        CREATE SCHEMA supabase_migrations;

        """

    /// Every fixture with migrations: the check fixtures, the other fixtures, and the schema-heavy one.
    static func fixtures() throws -> [URL] {
        var roots: [URL] = []
        for parent in ["ContractsCheckTests/Fixtures", "Fixtures"] {
            let folder = testsFolder.appendingPathComponent(parent)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let root = folder.appendingPathComponent(name)
                if !migrationFolders(root).isEmpty { roots.append(root) }
            }
        }
        return roots
    }

    static func migrationFolders(_ root: URL) -> [MigrationFolder] {
        [SQLTestRegistry.database, SQLTestRegistry.supabase].filter { folder in
            let dir = root.appendingPathComponent(folder.dir)
            return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains { $0.hasSuffix(".sql") }
        }
    }

    /// Fixtures whose migrations PostgreSQL refuses on purpose (planted drift), with the reason: compared up to
    /// nothing, but listed so a new failure is not silently skipped.
    static let refused: [String: String] = [
        "app-drift": "a planted syntax error (an index left unclosed)",
        "carpool-app-drift": "a planted syntax error (`ALTER FUNCTION … SET (…)`)",
        "ride-push-app-clean": "`CREATE EXTENSION pg_net`, which the test server does not have (`net` is stubbed)",
        "ride-push-app-drift": "`CREATE EXTENSION pg_net`, which the test server does not have (`net` is stubbed)",
        "baseline-v1": "a planted row its CHECK constraint refuses",
    ]

    func testTheReplayedSchemaIsPostgresOwn() throws {
        var compared = 0, failures: [String] = []
        for root in try Self.fixtures() {
            let result = try compare(root)
            compared += result.compared
            if let failure = result.failure { failures.append("\(root.lastPathComponent): \(failure)") }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
        XCTAssertGreaterThan(compared, 200, "too little compared for the test to mean anything")
    }

    /// The schema-heavy fixture alone, so its decoys are known to be compared.
    func testTheSchemaFixtureComparesEveryForm() throws {
        let root = Self.testsFolder.appendingPathComponent("Fixtures/schema-app")
        let result = try compare(root)
        XCTAssertNil(result.failure, result.failure ?? "")
        XCTAssertGreaterThan(result.compared, 100)
    }

    private func compare(_ root: URL) throws -> (compared: Int, failure: String?) {
        let registry = SQLTestRegistry.make(values: ["x"], folders: Self.migrationFolders(root))
        let tree = DiskTree(root: root)
        let context = CheckContext(registry: registry, tree: tree)
        let analysis = try SQLAnalysis.load(context)
        let schema = analysis.schema
        let database = try SQLTestDatabase.create()
        defer { database.drop() }
        try database.succeed(Self.stubs)
        // Each file as `supabase db push` runs it; a fixture with a planted refusal has its other statements applied
        // (psql goes on after an error, as the replay leaves out a statement that does not parse).
        let lenient = Self.refused[root.lastPathComponent] != nil
        var refusedAny = false
        for file in try MigrationCatalog.replayOrder(registry, tree: tree) {
            let result = try TestProcess.run(database.psql, [
                "-X", "-q", "-v", "ON_ERROR_STOP=\(lenient ? 0 : 1)", "-h", database.host, "-p", database.port, "-U", database.user,
                "-d", database.name, "-f", root.appendingPathComponent(file.path).path,
            ])
            let failed = result.status != 0 || result.stderr.contains("ERROR:")
            refusedAny = refusedAny || failed
            if failed, !lenient { return (0, "PostgreSQL refuses \(file.path): \(result.stderr)") }
        }
        if lenient, !refusedAny { return (0, "listed as refused, but PostgreSQL applies every migration: take it off the list") }
        var problems: [String] = [], compared = 0
        let skipped: Set<String> = SchemaReplay.platformSchemas
        // Relations and columns.
        let columnRows = try database.succeed("""
            SELECT n.nspname, c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                   (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '')
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND n.nspname NOT LIKE 'pg\\_%'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
            ORDER BY n.nspname, c.relname, a.attnum;
            """).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        var live: [ProjectSchema.Name: (kind: String, columns: [[String]])] = [:]
        for row in columnRows where row.count == 7 && !skipped.contains(row[0]) {
            let name = ProjectSchema.Name(schema: row[0], row[1])
            live[name, default: (row[2], [])].columns += row[3].isEmpty ? [] : [Array(row[3...])]
        }
        let kinds = ["r": ProjectSchema.RelationKind.table, "p": .table, "v": .view, "m": .materializedView, "f": .foreignTable, "S": .sequence]
        for (name, relation) in live.sorted(by: { $0.key < $1.key }) {
            guard case .found(let replayed) = schema.relation(name) else {
                if case .unknown = schema.relation(name) { continue }
                problems.append("\(name): in PostgreSQL, not in the replay")
                continue
            }
            if kinds[relation.kind] != replayed.kind { problems.append("\(name): kind \(relation.kind), replayed \(replayed.kind.rawValue)") }
            let liveNames = relation.columns.map { $0[0] }
            if replayed.columnsComplete {
                if liveNames != replayed.columns.map(\.name) {
                    problems.append("\(name): columns \(liveNames), replayed \(replayed.columns.map(\.name))")
                }
            } else if let extra = replayed.columns.first(where: { !liveNames.contains($0.name) }) {
                problems.append("\(name): replayed column \(extra.name) is not in PostgreSQL")
            }
            for column in relation.columns {
                guard let mine = replayed.column(column[0]) else { continue }
                compared += 1
                if let type = mine.type, type != column[1] { problems.append("\(name).\(column[0]): type \(column[1]), replayed \(type)") }
                guard replayed.kind == .table || replayed.kind == .sequence || replayed.kind == .foreignTable else { continue }
                if mine.notNull != (column[2] == "t") { problems.append("\(name).\(column[0]): not null \(column[2]), replayed \(mine.notNull)") }
                if mine.hasDefault != (column[3] == "t") { problems.append("\(name).\(column[0]): default \(column[3]), replayed \(mine.hasDefault)") }
            }
        }
        // An extension's relations (no location) are left out of the live catalog, as Supabase's own are.
        for (name, relation) in schema.relations where !skipped.contains(name.schema) && live[name] == nil && relation.location != nil {
            problems.append("\(name): replayed (\(relation.kind.rawValue)), not in PostgreSQL")
        }
        // Foreign keys.
        let keyRows = try database.succeed("""
            SELECT n.nspname, c.relname, k.conname,
                   array_to_string(ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                                         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i), ','),
                   rn.nspname, r.relname,
                   array_to_string(ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                                         JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i), ',')
            FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_class r ON r.oid = k.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
            WHERE k.contype = 'f' AND k.conparentid = 0;
            """).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        var liveKeys: [ProjectSchema.Name: Set<String>] = [:]
        for row in keyRows where row.count == 7 && !skipped.contains(row[0]) {
            liveKeys[ProjectSchema.Name(schema: row[0], row[1]), default: []].insert("\(row[2]) (\(row[3])) -> \(row[4]).\(row[5]) (\(row[6]))")
        }
        for (name, relation) in schema.relations where !skipped.contains(name.schema) && relation.kind == .table && relation.foreignKeysComplete {
            let mine = Set(relation.foreignKeys.map {
                "\($0.name ?? "?") (\($0.columns.joined(separator: ","))) -> \($0.references.schema).\($0.references.name) (\($0.referencedColumns.joined(separator: ",")))"
            })
            compared += mine.count
            if mine != liveKeys[name] ?? [] { problems.append("\(name): foreign keys \((liveKeys[name] ?? []).sorted()), replayed \(mine.sorted())") }
        }
        // Functions: argument modes, names and types (without modifiers), and how many take defaults.
        let functionRows = try database.succeed("""
            SELECT n.nspname, p.proname,
                   coalesce(array_to_string(ARRAY(
                     SELECT (CASE p.proargmodes[u.i] WHEN 'o' THEN 'out ' WHEN 'b' THEN 'inout ' WHEN 'v' THEN 'variadic '
                                                      WHEN 't' THEN 'table ' ELSE '' END)
                            || coalesce(nullif(p.proargnames[u.i], '') || ' ', '') || format_type(u.t, NULL)
                     FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY u(t, i) ORDER BY u.i), ', '), ''),
                   p.pronargdefaults
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e');
            """).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        var liveFunctions: [ProjectSchema.Name: [String]] = [:]
        for row in functionRows where row.count == 4 && !skipped.contains(row[0]) {
            liveFunctions[ProjectSchema.Name(schema: row[0], row[1]), default: []].append("(\(row[2])) defaults \(row[3])")
        }
        var mineFunctions: [ProjectSchema.Name: [String]] = [:]
        for (name, overloads) in schema.functions where !skipped.contains(name.schema) {
            mineFunctions[name] = overloads.map { function in
                let arguments = function.arguments.map { argument in
                    (argument.mode == .in ? "" : argument.mode.rawValue + " ") + (argument.name.map { $0 + " " } ?? "")
                        + (argument.type.map(SchemaReplay.identityType) ?? "?")
                }
                let defaults = function.arguments.filter { $0.hasDefault && [.in, .inout, .variadic].contains($0.mode) }.count
                return "(\(arguments.joined(separator: ", "))) defaults \(defaults)"
            }
        }
        for name in Set(liveFunctions.keys).union(mineFunctions.keys).sorted() {
            let theirs = (liveFunctions[name] ?? []).sorted(), mine = (mineFunctions[name] ?? []).sorted()
            if mine.isEmpty, case .unknown = schema.functions(name) { continue }
            compared += mine.count
            if theirs != mine { problems.append("function \(name): \(theirs), replayed \(mine)") }
        }
        return (compared, problems.isEmpty ? nil : problems.joined(separator: "\n"))
    }
}
