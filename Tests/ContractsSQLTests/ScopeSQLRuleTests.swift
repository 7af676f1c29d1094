import ContractsCore
@testable import ContractsSQL
import XCTest

/// `scope:` on the SQL surface: the database holds server values only, so an app-only value in SQL is drift
/// (said so), and the CHECK constraint is compared with the server values.
final class ScopeSQLRuleTests: XCTestCase {
    private func context(_ sql: String) -> CheckContext {
        var registry = SQLTestRegistry.make(values: ["message", "other", "draft_preview", "legacy"])
        registry.notificationTypes!.values[2].scope = .app
        registry.notificationTypes!.values[3].scope = .server
        return CheckContext(registry: registry, tree: MemoryTree(text: ["database/001_init.sql": sql]))
    }

    private let table = """
        CREATE TABLE notifications (id int, type text);
        ALTER TABLE notifications ADD CONSTRAINT valid_notification_type
            CHECK (type IN ('message', 'other', 'legacy'));

        """

    func testTheServerSetIsTheConstraintAndServerLiteralsAreFine() {
        let sql = table + "SELECT count(*) FROM notifications WHERE type IN ('message', 'legacy');\n"
        XCTAssertEqual(try SQLSourceCheck.findings(in: context(sql)), [])
    }

    func testAnAppOnlyValueInTheConstraintOrALiteralIsDrift() throws {
        let sql = table.replacingOccurrences(of: "'legacy'))", with: "'legacy', 'draft_preview'))")
            + "UPDATE notifications SET type = 'draft_preview' WHERE id = 1;\n"
        let found = try SQLSourceCheck.findings(in: context(sql))
        XCTAssertEqual(found.map(\.ruleID), ["sql-constraint-drift", "sql-unknown-literal"], "\(found)")
        guard found.count == 2 else { return }
        XCTAssertTrue(found[0].message.contains("not registered 'draft_preview'"), found[0].message)
        XCTAssertEqual(found[1].message, "'draft_preview' (assigned to notifications.type) is app-only (scope: app): the database never holds it")
        XCTAssertEqual(found[1].location.line, 4)
    }
}
