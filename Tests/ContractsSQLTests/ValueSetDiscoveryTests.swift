import ContractsCore
import ContractsSQL
import XCTest

/// The value sets `init` offers: a CHECK written on a column that `ALTER TABLE … ADD COLUMN` adds restricts it as a
/// CHECK in CREATE TABLE does, named by PostgreSQL `table_column_check` unless it is named, and replayed with the rest.
final class ValueSetDiscoveryTests: XCTestCase {
    private func sets(_ files: [String: String]) throws -> [String] {
        let folder = MigrationFolder(dir: "db", scheme: .sequential(width: 3), location: SourceLocation(file: "", line: 1, column: 1))
        return try ValueSetDiscovery.valueSets(folders: [folder], tree: MemoryTree(text: files)).map {
            "\($0.table).\($0.column) \($0.constraint ?? "-") named=\($0.constraintNamed) \($0.values) \($0.location.map { "\($0.file):\($0.line)" } ?? "-")"
        }
    }

    func testACheckWrittenInAddColumnRestrictsTheColumn() throws {
        XCTAssertEqual(try sets([
            "db/001_profiles.sql": "CREATE TABLE public.profiles (id uuid, name text CHECK (char_length(name) < 80));\n",
            "db/002_plan.sql": """
                ALTER TABLE public.profiles ADD COLUMN plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'plus'));
                ALTER TABLE profiles ADD COLUMN tier text CONSTRAINT profiles_tier_valid CHECK (tier = ANY (ARRAY['a'::text, 'b'::text])),
                    ADD COLUMN score int CHECK (score > 0);
                """,
            // Replayed: the default-named constraint is dropped and re-added with another value.
            "db/003_family.sql": """
                ALTER TABLE public.profiles DROP CONSTRAINT profiles_plan_check;
                ALTER TABLE public.profiles ADD CONSTRAINT profiles_plan_check CHECK (plan IN ('free', 'plus', 'family'));
                """,
        ]), [
            "profiles.plan profiles_plan_check named=true [\"free\", \"plus\", \"family\"] db/003_family.sql:2",
            "profiles.tier profiles_tier_valid named=true [\"a\", \"b\"] db/002_plan.sql:2",
        ])
    }

    func testAnAddColumnCheckAloneKeepsPostgreSQLsName() throws {
        XCTAssertEqual(try sets([
            "db/001_t.sql": "CREATE TABLE t (id int);\nALTER TABLE t ADD COLUMN kind text CHECK (kind IN ('x', 'y'));\n",
        ]), ["t.kind t_kind_check named=false [\"x\", \"y\"] db/001_t.sql:2"])
    }
}
