import ContractsCore
@testable import ContractsSQL
import XCTest

/// `payload-shape-drift` (SQL): triggering and non-triggering examples.
final class PayloadShapeRuleTests: XCTestCase {
    let payload = SQLTestRegistry.payload("Counts", rpc: "get_counts", keys: ["total", "details"])

    func messages(_ sql: String) -> [String] {
        sqlFindings(.payloadShapeDrift, sql, payloads: [payload]).map(\.message)
    }

    func testTriggering() {
        XCTAssertEqual(messages("""
            CREATE FUNCTION get_counts() RETURNS jsonb LANGUAGE plpgsql AS $$
            BEGIN RETURN jsonb_build_object('total', 1, 'extra', 2); END $$;
            """), ["get_counts returns an object whose keys differ from payload Counts: missing 'details'; not in the payload 'extra'"])
        XCTAssertEqual(messages("""
            CREATE FUNCTION public.get_counts() RETURNS json LANGUAGE sql AS $$
                SELECT json_build_object('total', count(*)) FROM requests
            $$;
            """), ["get_counts returns an object whose keys differ from payload Counts: missing 'details'"])
        XCTAssertEqual(messages("""
            CREATE FUNCTION get_counts() RETURNS jsonb LANGUAGE plpgsql AS $$
            DECLARE result jsonb;
            BEGIN
                SELECT jsonb_build_object('total', count(*)) INTO result FROM requests;
                RETURN result;
            END $$;
            """).count, 1)
    }

    func testNonTriggering() {
        XCTAssertEqual(messages("""
            CREATE FUNCTION get_counts() RETURNS jsonb LANGUAGE plpgsql AS $$
            DECLARE v jsonb;
            BEGIN
                v := (SELECT jsonb_agg(jsonb_build_object('nested_key', 1)));
                RETURN jsonb_build_object('total', 1, 'details', v);
            END $$;
            """), [])
        // Only the last definition counts.
        XCTAssertEqual(messages("""
            CREATE FUNCTION get_counts() RETURNS jsonb LANGUAGE sql AS $$ SELECT jsonb_build_object('old', 1) $$;
            CREATE OR REPLACE FUNCTION get_counts() RETURNS jsonb LANGUAGE sql AS $$
                SELECT jsonb_build_object('total', 1, 'details', '[]'::jsonb)
            $$;
            """), [])
        // Another function's object is not the payload's.
        XCTAssertEqual(messages("CREATE FUNCTION other() RETURNS jsonb LANGUAGE sql AS $$ SELECT jsonb_build_object('x', 1) $$;"), [])
    }
}
