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

    // MARK: - Optional fields

    let merge = SQLTestRegistry.payload("Merge", rpc: "merge_members", keys: ["merged", "merged_name"], optional: ["merged_name"])

    func mergeMessages(_ sql: String) -> [String] {
        sqlFindings(.payloadShapeDrift, sql, payloads: [merge]).map(\.message)
    }

    func testOptionalFieldOnSomePathsOnly() {
        // Returned on the success path only: fine, the field is optional.
        XCTAssertEqual(mergeMessages("""
            CREATE FUNCTION merge_members(a int, b int) RETURNS jsonb LANGUAGE plpgsql AS $$
            DECLARE v_name text;
            BEGIN
                IF a = b THEN RETURN jsonb_build_object('merged', false); END IF;
                IF a IS NULL THEN RETURN jsonb_build_object('merged', false); END IF;
                SELECT 'x' INTO v_name;
                RETURN jsonb_build_object('merged', true, 'merged_name', v_name);
            END $$;
            """), [])
    }

    func testOptionalFieldOnNoPathAndRequiredFieldMissingFromOne() {
        XCTAssertEqual(mergeMessages("""
            CREATE FUNCTION merge_members(a int, b int) RETURNS jsonb LANGUAGE plpgsql AS $$
            BEGIN
                IF a = b THEN RETURN jsonb_build_object('merged', false); END IF;
                RETURN jsonb_build_object('merged', true);
            END $$;
            """), ["merge_members never returns the optional field 'merged_name' of payload Merge on any path"])
        XCTAssertEqual(mergeMessages("""
            CREATE FUNCTION merge_members(a int, b int) RETURNS jsonb LANGUAGE plpgsql AS $$
            BEGIN
                IF a = b THEN RETURN jsonb_build_object('error', 'same'); END IF;
                RETURN jsonb_build_object('merged', true, 'merged_name', 'x');
            END $$;
            """), ["merge_members returns an object whose keys differ from payload Merge: missing 'merged'; not in the payload 'error'"])
    }
}
