import ContractsCore
@testable import ContractsSQL
import XCTest

/// `SQLAnalysis.rpcReturn`: the keys an RPC's last definition returns, read from its `RETURNS TABLE` or the
/// objects it builds, and nil when they are not all known.
final class RPCReturnTests: XCTestCase {
    private func returned(_ files: [String: String], _ name: String) throws -> String? {
        let analysis = try SQLAnalysis.load(SQLTestRegistry.context(files, values: ["message", "other"]))
        return analysis.rpcReturn(name).map { "\($0.shape): \($0.keys.sorted().joined(separator: ",")) at \($0.location)" }
    }

    func testTheLastDefinitionsTableOrBuiltObjectsWin() throws {
        let files = [
            "database/001_init.sql": """
                CREATE FUNCTION public.lookup(p_ids uuid[]) RETURNS TABLE (id uuid, display_name text, email text)
                LANGUAGE sql AS $$ SELECT id, display_name, email FROM profiles $$;
                CREATE FUNCTION public.counts(p_user uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
                DECLARE v_unread int;
                BEGIN
                  IF p_user IS NULL THEN RETURN jsonb_build_object('error', 'no user'); END IF;
                  RETURN jsonb_build_object('unread_messages', v_unread, 'pending_requests', 0);
                END;
                $$;
                CREATE FUNCTION public.search(q text) RETURNS SETOF public.profiles LANGUAGE sql AS $$ SELECT * FROM profiles $$;
                CREATE FUNCTION public.dynamic(k text) RETURNS jsonb LANGUAGE sql AS $$ SELECT jsonb_build_object(k, 1, 'id', 2) $$;
                CREATE FUNCTION public.out_params(OUT total int, OUT unread int) LANGUAGE sql AS $$ SELECT 1, 2 $$;
                CREATE FUNCTION public.merged() RETURNS jsonb LANGUAGE plpgsql AS $$
                DECLARE v_result jsonb;
                BEGIN
                  v_result := jsonb_build_object('id', 1);
                  v_result := v_result || jsonb_build_object('extra', 2);
                  RETURN v_result;
                END;
                $$;
                CREATE FUNCTION public.set_key() RETURNS jsonb LANGUAGE sql AS $$ SELECT jsonb_set(jsonb_build_object('id', 1), '{extra}', '2') $$;
                """,
            "database/002_privacy.sql": """
                DROP FUNCTION public.lookup(uuid[]);
                CREATE FUNCTION public.lookup(p_ids uuid[]) RETURNS TABLE (id uuid, display_name text)
                LANGUAGE sql AS $$ SELECT id, display_name FROM profiles $$;
                CREATE OR REPLACE FUNCTION public.counts(p_user uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
                BEGIN
                  RETURN jsonb_build_object('unread_messages', 1, 'open_requests', 0);
                END;
                $$;
                """,
        ]
        XCTAssertEqual(try returned(files, "lookup"), "RETURNS TABLE: display_name,id at database/002_privacy.sql:2:1")
        XCTAssertEqual(try returned(files, "public.counts"), "jsonb_build_object: open_requests,unread_messages at database/002_privacy.sql:6:10")
        XCTAssertEqual(try returned(files, "out_params"), "RETURNS TABLE: total,unread at database/001_init.sql:12:1")
        XCTAssertNil(try returned(files, "search"), "a table's row type is not read")
        XCTAssertNil(try returned(files, "dynamic"), "a computed key may be any key")
        XCTAssertNil(try returned(files, "merged"), "an object merged into the built one adds keys")
        XCTAssertNil(try returned(files, "set_key"))
        XCTAssertNil(try returned(files, "missing"))
        var dropped = files
        dropped["database/003_drop.sql"] = "DROP FUNCTION public.lookup(uuid[]);\n"
        XCTAssertNil(try returned(dropped, "lookup"))
    }

    func testARowTypeIsTheTablesColumnsAfterEveryMigration() throws {
        var files = [
            "database/001_init.sql": """
                CREATE TABLE public.profiles (id uuid PRIMARY KEY, display_name text, phone text, CONSTRAINT named CHECK (true));
                CREATE FUNCTION public.search(q text) RETURNS SETOF public.profiles LANGUAGE sql AS $$ SELECT * FROM profiles $$;
                CREATE FUNCTION public.me() RETURNS profiles LANGUAGE sql AS $$ SELECT * FROM profiles LIMIT 1 $$;
                CREATE FUNCTION public.name_of(p uuid) RETURNS text LANGUAGE sql AS $$ SELECT 'x' $$;
                CREATE TABLE public.copies (LIKE public.profiles);
                CREATE FUNCTION public.copy() RETURNS SETOF copies LANGUAGE sql AS $$ SELECT * FROM copies $$;
                CREATE FUNCTION public.ghost() RETURNS SETOF ghosts LANGUAGE sql AS $$ SELECT * FROM ghosts $$;
                """,
            "database/002_later.sql": """
                ALTER TABLE public.profiles ADD COLUMN bio text, DROP COLUMN display_name;
                ALTER TABLE profiles RENAME COLUMN phone TO phone_number;
                CREATE TABLE other.profiles (secret text);
                """,
        ]
        XCTAssertEqual(try returned(files, "search"), "table public.profiles: bio,id,phone_number at database/001_init.sql:2:1")
        XCTAssertEqual(try returned(files, "me"), "table public.profiles: bio,id,phone_number at database/001_init.sql:3:1")
        XCTAssertNil(try returned(files, "name_of"))
        XCTAssertEqual(try returned(files, "copy"), "table public.copies: display_name,id,phone at database/001_init.sql:6:1",
                       "LIKE copies the columns the source has then (SchemaReplay)")
        XCTAssertNil(try returned(files, "ghost"), "a table no migration creates")
        files["database/003_broken.sql"] = "ALTER TABLE profiles ADD COLUMN;\n"
        XCTAssertNil(try returned(files, "search"), "a migration on the table that does not parse")
    }
}
