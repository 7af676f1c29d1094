import ContractsTestSupport
import Foundation
import XCTest

/// `init` on the shared-enums fixture's clean twin (Tests/Fixtures/splitwise-chat-app-clean, its registry removed):
/// it finds the notification contract and every shared enum (an ENUM type on two tables, three `status` columns, an
/// enum only Swift and SQL share, one only TypeScript and SQL whose surface is a `new Set([...])`, a nested
/// `Expense.Category`), writes the values only the database still allows as `retired`, and `check` after `generate`
/// then finds nothing but the notification types' retired value, which init cannot tell from a typo.
final class InitSplitwiseRoundTripTests: XCTestCase {
    func testInitFindsEverySharedEnumOfTheFixture() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/splitwise-chat-app-clean"),
                                         to: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml"))
        let initialised = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(initialised.status, 0, initialised.stderr)
        let enums = initialised.stdout.split(separator: "\n").filter { $0.hasPrefix("  enum ") }
            .map { $0.dropFirst("  enum         ".count).prefix { $0 != ":" } }.map(String.init)
        XCTAssertEqual(enums, ["MemberRole", "ChatRoomStatus", "ExpenseCategory", "InviteStatus", "MediaAssetStatus", "Plan",
                               "ReportsTargetType"], initialised.stdout)
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("    swift_enum: Expense.Category"), registry)
        XCTAssertTrue(registry.contains("    typescript_const: REPORT_TARGET_TYPES"), registry)
        XCTAssertTrue(registry.contains("    retired: [closed]"), registry)
        XCTAssertFalse(registry.contains("OPEN_STATUSES"), "a list of some of a column's values is a use, not its surface")
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        let findings = check.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        XCTAssertEqual(findings.count, 1, check.stdout)
        XCTAssertTrue(findings.first?.contains("'expenseDeleted' (compared with notifications.type) is not a registered notification type") ?? false,
                      check.stdout)
    }
}
