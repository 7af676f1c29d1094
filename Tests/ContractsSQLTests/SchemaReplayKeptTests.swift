import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// What a migration's facts keep for the schema replay (`SchemaOperation`, `KeptSchemaTree`) replays as the whole
/// trees do: every fixture's migrations and a migration of every view form give the same schema and the same
/// refusals either way; and what is kept of a large view or function is small, so the memo's bundle stays small.
final class SchemaReplayKeptTests: XCTestCase {
    /// The replay of `analysis`'s migrations with each statement's tree whole (`SchemaStatement.read(whole:)`), each
    /// file parsed again with every statement read; and whether the run's kept statements are that parse's.
    private func wholeReplay(_ analysis: SQLAnalysis, text: (String) throws -> String) throws
        -> (schema: ProjectSchema, errors: [SchemaError], keptDiffer: [String]) {
        var facts = analysis.facts.history.facts, differ: [String] = []
        for index in facts.indices {
            let parsed = MigrationParser.parse(text: try text(facts[index].path), path: facts[index].path, folder: facts[index].folder)
            // The kept statements do not depend on which bodies and statements the rules asked for.
            if parsed.schema != facts[index].schema { differ.append(facts[index].path) }
            facts[index].schema = SchemaStatement.read(parsed, whole: true)
        }
        let replay = SchemaReplay.replay(facts)
        return (replay.schema, replay.errors, differ)
    }

    func testEveryFixtureReplaysTheSameFromWhatItsFactsKeep() throws {
        var statements = 0, trees = 0, operations = 0
        for root in try SchemaOracleTests.fixtures() {
            let registry = SQLTestRegistry.make(values: ["x"], folders: SchemaOracleTests.migrationFolders(root))
            let analysis = try SQLAnalysis.load(CheckContext(registry: registry, tree: DiskTree(root: root)))
            let whole = try wholeReplay(analysis) { path in
                String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
            }
            let name = root.lastPathComponent
            XCTAssertEqual(whole.keptDiffer, [], name)
            XCTAssertEqual(analysis.schema, whole.schema, name)
            XCTAssertEqual(analysis.schemaErrors, whole.errors, name)
            let kept = analysis.facts.history.facts.flatMap(\.schema)
            statements += kept.count
            trees += kept.filter { $0.node != .null }.count
            operations += kept.filter { $0.operation != nil }.count
        }
        // Both forms are compared, or this test proves less than it says.
        XCTAssertGreaterThan(statements, 300)
        XCTAssertGreaterThan(trees, 40)
        XCTAssertGreaterThan(operations, 200)
    }

    /// A migration with every form of view the replay reads (column names from casts, CASE, subscripts, scalar
    /// subqueries, functions; dependencies through WHERE, joins, subqueries; CTEs, VALUES, UNION, LATERAL,
    /// TABLESAMPLE, column aliases), then the statements that depend on them.
    private static let views = """
        CREATE TABLE public.riders (id bigint PRIMARY KEY, name text NOT NULL, city text, score int DEFAULT 0, tags text[],
                                    referrer bigint REFERENCES public.riders);
        CREATE TABLE public.trips (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, rider_id bigint REFERENCES riders ON DELETE CASCADE,
                                   fare numeric(10,2) CHECK (fare >= 0), started_at timestamptz DEFAULT now(), note text,
                                   CONSTRAINT trips_fare_positive CHECK (fare > 0));
        CREATE TABLE public.audit (LIKE public.trips INCLUDING DEFAULTS, seen boolean NOT NULL DEFAULT false);
        CREATE TABLE public.trips_archive (archived_at timestamptz) INHERITS (public.trips);
        CREATE VIEW active_riders AS SELECT r.id, r.name FROM riders r WHERE r.score > 10 AND r.city IS NOT NULL;
        CREATE VIEW busy_riders AS SELECT id FROM riders WHERE id IN (SELECT rider_id FROM trips WHERE fare > 100);
        CREATE VIEW rider_stats AS
          WITH recent AS (SELECT rider_id, max(started_at) AS last_trip FROM trips GROUP BY rider_id)
          SELECT r.id, r.name::varchar(40), (r.tags)[1], CASE WHEN r.score > 5 THEN 'high' ELSE r.city END,
                 (SELECT count(*) FROM trips t WHERE t.rider_id = r.id) AS trip_count,
                 (SELECT t.fare FROM trips t ORDER BY t.fare DESC LIMIT 1), current_date, nullif(r.city, ''),
                 lower(r.name) COLLATE "C", coalesce(rc.last_trip, now()), greatest(r.score, 0), row(r.id, r.name), ARRAY[r.id],
                 EXISTS (SELECT 1 FROM audit a WHERE a.id = r.id), -r.score, r.score::text, (r.name || '!')::text, now()::date
          FROM riders r LEFT JOIN recent rc ON rc.rider_id = r.id
          WHERE r.score BETWEEN 0 AND 100 AND r.referrer IS DISTINCT FROM r.id
          ORDER BY r.name;
        CREATE VIEW rider_cities AS SELECT DISTINCT r.city FROM riders r JOIN trips t ON t.rider_id = r.id AND t.started_at IS NOT NULL
          GROUP BY r.city HAVING count(t.id) > 2;
        CREATE VIEW trip_pairs AS SELECT * FROM trips JOIN riders USING (id);
        CREATE VIEW rider_tags AS SELECT r.id, tag FROM riders r, LATERAL unnest(r.tags) AS tag;
        CREATE VIEW constants AS VALUES (1, 'a'), (2, (SELECT name FROM riders LIMIT 1));
        CREATE VIEW everyone AS SELECT id, name FROM riders UNION SELECT id, note FROM trips;
        CREATE VIEW renamed (a, b) AS SELECT r.rid, r.rname FROM riders AS r (rid, rname);
        CREATE VIEW sampled AS SELECT id, t.* FROM trips t TABLESAMPLE SYSTEM (10);
        CREATE VIEW nested AS SELECT s.id FROM (SELECT id FROM riders WHERE city = 'Oslo') s;
        CREATE MATERIALIZED VIEW fares AS SELECT rider_id, sum(fare) AS total FROM trips GROUP BY rider_id HAVING sum(fare) > 0;
        CREATE TABLE fare_copy AS SELECT t.id, t.fare * 2 AS double_fare FROM trips t WHERE t.note IS NULL;
        CREATE FUNCTION public.rider_count(p_city text DEFAULT NULL, VARIADIC p_ids bigint[] DEFAULT '{}') RETURNS SETOF riders
          LANGUAGE sql AS $$ SELECT * FROM riders WHERE city = p_city $$;
        ALTER TABLE riders DROP COLUMN score;
        ALTER TABLE riders DROP COLUMN city;
        ALTER TABLE riders DROP COLUMN referrer;
        ALTER TABLE trips DROP COLUMN note CASCADE;
        ALTER TABLE trips DROP COLUMN started_at;
        CREATE OR REPLACE VIEW active_riders AS SELECT r.id, r.name, r.tags FROM riders r;
        CREATE OR REPLACE VIEW rider_tags AS SELECT r.id AS rider, tag FROM riders r, LATERAL unnest(r.tags) AS tag;
        ALTER TABLE riders RENAME COLUMN name TO full_name;
        ALTER TABLE riders ADD COLUMN joined date NOT NULL DEFAULT current_date, ADD CONSTRAINT riders_tags_check CHECK (tags <> '{}'),
          ALTER COLUMN tags SET NOT NULL, ALTER COLUMN tags SET DEFAULT NULL, ALTER COLUMN joined TYPE timestamptz USING joined::timestamptz;
        ALTER TABLE riders ENABLE ROW LEVEL SECURITY;
        ALTER TABLE trips RENAME TO rides;
        ALTER VIEW rider_stats RENAME TO rider_summary;
        ALTER FUNCTION public.rider_count(text, bigint[]) RENAME TO riders_in;
        DROP TABLE fare_copy;
        DROP VIEW IF EXISTS nested, sampled CASCADE;
        DROP TABLE riders CASCADE;

        """

    func testEveryViewFormReplaysTheSameFromWhatItsFactsKeep() throws {
        let files = ["database/001_views.sql": Self.views]
        let analysis = try SQLAnalysis.load(SQLTestRegistry.context(files))
        let whole = try wholeReplay(analysis) { files[$0]! }
        XCTAssertEqual(whole.keptDiffer, [])
        XCTAssertEqual(analysis.schema, whole.schema)
        XCTAssertEqual(analysis.schemaErrors, whole.errors)
        // What the migration exercises, read from the kept form.
        let refusals = analysis.schemaErrors.map(\.message)
        // `referrer` is read only by a view with subqueries, whose dependencies the replay does not know: no refusal.
        for expected in ["drops column score of riders, which view active_riders still selects",
                         "drops column city of riders, which view active_riders still selects",
                         "drops column started_at of trips, which view rider_cities still selects"] {
            XCTAssertTrue(refusals.contains { $0.contains(expected) }, "\(expected) in \(refusals)")
        }
        XCTAssertTrue(refusals.contains { $0.contains("cannot change name of view column \"id\" to \"rider\"") }, "\(refusals)")
        XCTAssertEqual(refusals.count, 4, "\(refusals)")
        var midway = Self.views
        midway.removeSubrange(midway.range(of: "ALTER TABLE riders DROP COLUMN score;")!.lowerBound...)
        let before = try SQLAnalysis.load(SQLTestRegistry.context(["database/001_views.sql": midway])).schema
        func columns(_ name: String) -> [String]? {
            guard let relation = before.relations[ProjectSchema.Name(name)], relation.columnsComplete else { return nil }
            return relation.columns.map(\.name)
        }
        XCTAssertEqual(columns("rider_stats"), [
            "id", "name", "tags", "city", "trip_count", "fare", "current_date", "nullif", "lower", "coalesce", "greatest", "row",
            "array", "exists", "?column?", "score", "text", "now",
        ])
        XCTAssertEqual(columns("constants"), ["column1", "column2"])
        XCTAssertEqual(columns("everyone"), ["id", "name"])
        XCTAssertEqual(columns("renamed"), ["a", "b"])
        XCTAssertNil(columns("sampled"), "a TABLESAMPLE item is not followed")
        XCTAssertEqual(columns("rider_cities"), ["city"])
        XCTAssertEqual(columns("nested"), ["id"])
        XCTAssertNil(columns("trip_pairs"), "a * over JOIN … USING is not named")
        XCTAssertEqual(columns("rider_tags"), ["id", "tag"])
        XCTAssertEqual(columns("fares"), ["rider_id", "total"])
        XCTAssertEqual(columns("audit"), ["id", "rider_id", "fare", "started_at", "note", "seen"])
        XCTAssertEqual(columns("trips_archive"), ["id", "rider_id", "fare", "started_at", "note", "archived_at"])
        // After the drops: views read only through a subquery went with `DROP TABLE riders CASCADE`.
        let after = analysis.schema
        for gone in ["riders", "busy_riders", "everyone", "active_riders", "rider_summary", "nested", "sampled", "fare_copy"] {
            XCTAssertNil(after.relations[ProjectSchema.Name(gone)], gone)
        }
        XCTAssertNotNil(after.functions[ProjectSchema.Name("riders_in")])
        XCTAssertNotNil(after.relations[ProjectSchema.Name("rides")])
    }

    /// A large view and a large function keep a few names each: no WHERE expression, no constant, no body, no
    /// location.
    func testWhatALargeViewAndFunctionKeepIsSmall() throws {
        let conditions = (1 ... 40).map { "(t.fare > \($0) AND t.note ILIKE '%case \($0)%' OR lower(t.note) = 'n\($0)')" }
        let view = """
            CREATE VIEW public.big AS
              SELECT t.id, t.fare * 1.25 AS fare_with_tax, CASE WHEN t.fare > 10 THEN 'high' WHEN t.fare > 5 THEN 'mid' ELSE 'low' END AS band,
                     date_trunc('day', t.started_at) AS day, jsonb_build_object('id', t.id, 'fare', t.fare, 'note', t.note) AS payload
              FROM public.trips t
              WHERE \(conditions.joined(separator: "\n    OR "))
              ORDER BY t.started_at DESC, t.id;
            """
        let body = (1 ... 60).map { "  UPDATE public.trips SET note = 'step \($0)' WHERE id = p_id AND fare > \($0);" }.joined(separator: "\n")
        let function = """
            CREATE FUNCTION public.settle(p_id bigint, p_fare numeric DEFAULT 0, p_note text DEFAULT 'none')
            RETURNS TABLE (settled boolean, note text) LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
            BEGIN
            \(body)
              RETURN QUERY SELECT true, p_note;
            END $$;
            """
        let text = "CREATE TABLE public.trips (id bigint PRIMARY KEY, fare numeric, note text, started_at timestamptz);\n\(view)\n\(function)\n"
        let parsed = MigrationParser.parse(text: text, path: "database/001_big.sql", folder: "database")
        let whole = parsed.statements.map(\.node)
        XCTAssertEqual(parsed.statements.map(\.kind), ["CreateStmt", "ViewStmt", "CreateFunctionStmt"])
        XCTAssertEqual(parsed.schema.map(\.kind), ["CreateStmt", "ViewStmt", "CreateFunctionStmt"])
        func size(_ statement: SchemaStatement) -> Int {
            var out = ByteWriter()
            out.schemaStatement(statement)
            return out.bytes.count
        }
        func size(_ node: PgNode) -> Int {
            var out = ByteWriter()
            out.node(node)
            return out.bytes.count
        }
        let keptView = parsed.schema[1].node
        var kinds: Set<String> = [], locations = 0, constants = 0
        keptView.forEachTagged { kind, body, _ in
            kinds.insert(kind)
            if body["location"] != nil { locations += 1 }
            if kind == "A_Const", body != .object(PgFields([])) { constants += 1 }
        }
        XCTAssertEqual(locations, 0)
        XCTAssertEqual(constants, 0, "a constant is only its kind (the ELSE result that names a CASE)")
        XCTAssertFalse(kinds.contains("BoolExpr"), "\(kinds.sorted())")
        let select = try XCTUnwrap(keptView["query"]?.node("SelectStmt"))
        // The WHERE and ORDER BY clauses are their column references, each once.
        XCTAssertEqual(select["whereClause"], .array(["fare", "note"].map { Self.columnRef("t", $0) }))
        XCTAssertEqual(select["sortClause"], .array(["started_at", "id"].map { Self.columnRef("t", $0) }))
        XCTAssertLessThan(size(parsed.schema[1]), 1000)
        XCTAssertLessThan(size(parsed.schema[1]) * 15, size(whole[1]), "the view keeps a fifteenth of its tree at most")
        // The function: its signature as plain values, no tree.
        let kept = parsed.schema[2]
        XCTAssertEqual(kept.node, .null)
        guard case .createFunction(let definition)? = kept.operation else { return XCTFail("\(String(describing: kept.operation))") }
        XCTAssertEqual(definition.arguments.map { "\($0.name ?? "") \($0.type ?? "?") \($0.mode.rawValue) \($0.hasDefault)" },
                       ["p_id bigint in false", "p_fare numeric in true", "p_note text in true", "settled boolean table false",
                        "note text table false"])
        XCTAssertEqual(definition.returnType, "setof record")
        XCTAssertEqual(definition.returned.map(\.name), ["settled", "note"])
        XCTAssertLessThan(size(kept), 200)
        XCTAssertLessThan(size(kept) * 25, size(whole[2]))
    }

    private static func columnRef(_ parts: String...) -> PgNode {
        let fields = parts.map { PgNode.object(PgFields([(key: "String", value: .object(PgFields([(key: "sval", value: .string($0))])))])) }
        return .object(PgFields([(key: "ColumnRef", value: .object(PgFields([(key: "fields", value: .array(fields))])))]))
    }
}
