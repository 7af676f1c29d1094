@testable import ContractsSQL
import XCTest

/// Each way migrations write the allowed set reduces to the same values; anything else is unreadable.
final class CheckSetReducerTests: XCTestCase {
    func values(_ check: String) -> [String]? {
        guard case .success(let tree) = PgQuery.parse("SELECT 1 WHERE \(check)"),
              let expr = tree["stmts"]?.items.first?["stmt"]?.node("SelectStmt")?["whereClause"] else {
            XCTFail("does not parse: \(check)")
            return nil
        }
        return CheckSetReducer.values(of: expr, column: "type")
    }

    func testReadableForms() {
        XCTAssertEqual(values("type IN ('a', 'b')"), ["a", "b"])
        XCTAssertEqual(values("type = ANY (ARRAY['a'::text, 'b'::text])"), ["a", "b"])
        XCTAssertEqual(values("((type)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[]))"), ["a", "b"])
        XCTAssertEqual(values("type = ANY ('{a,\"b\"}'::text[])"), ["a", "b"])
        XCTAssertEqual(values("type = 'a' OR type = 'b' OR 'c' = type"), ["a", "b", "c"])
        XCTAssertEqual(values("type IS NOT NULL AND type IN ('a', 'b')"), ["a", "b"])
        XCTAssertEqual(values("type IN ('a', 'b', 'c') AND type IN ('b', 'c', 'd')"), ["b", "c"])
        XCTAssertEqual(values("n.type IN ('a')"), ["a"])
    }

    func testUnreadableForms() {
        XCTAssertNil(values("type <> 'a'"))
        XCTAssertNil(values("type ~ '^[a-z_]+$'"))
        XCTAssertNil(values("length(type) < 40"))
        XCTAssertNil(values("type IN ('a') OR user_id IS NULL"))
        XCTAssertNil(values("other IN ('a')"))
    }
}
