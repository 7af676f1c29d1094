import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init` on an app with PostgreSQL ENUM types created inside `DO $$ ... EXCEPTION WHEN duplicate_object` blocks and
/// no notification type at all (Tests/Fixtures/init-enum-types-app). Its main drift: the free-text
/// `fixtures.status`, whose Swift enum lacks four of the codes sync-fixtures writes. Decoys: the TypeScript union
/// `SettledOutcome` that leaves out `void` on purpose (a strict subset, named otherwise: not the enum's surface), the
/// `screen` key that routes every tap (the deep links' link key, neither a push type nor a push key), the free-text
/// `bets.pick` nobody declares, a Swift enum of UI tabs, a renamed code in a comment, a logged `status:` and a test
/// feeding a screen and a type nothing sends.
final class InitEnumTypesAppTests: XCTestCase {
    private let app = InitFixtureApp(name: "init-enum-types-app")

    func testInitWritesTheHandWrittenRegistry() throws {
        let root = try app.copy(self)
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let written = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(RegistryDifferences.list(written, try app.expected()), [], text)
        XCTAssertNil(written.notificationTypes, "no notification type: no notifications block")
        XCTAssertFalse(text.contains("notifications:") || text.contains("notification_types:"), text)
        XCTAssertEqual(written.deepLinks?.linkKey, "screen")
        XCTAssertEqual(written.pushKeys.map(\.key), [], "screen selects the screen; fixture_id is the deep link's parameter")
        XCTAssertEqual(written.enums.first { $0.name == "FixtureStatus" }?.sql.columns.map { "\($0.table).\($0.column) \($0.constraint ?? "-")" },
                       ["fixtures.status -"])
        for decoy in ["SettledOutcome", "final_whistle", "SlipTab", "BetsPick", "leaderboard", "promo", "unknown"] {
            XCTAssertFalse(text.contains(decoy), "\(decoy): \(text)")
        }
        // The summary names the subset union as left out, with the value it lacks, and the link key with its evidence.
        XCTAssertTrue(result.stdout.contains("  left out     TypeScript SettledOutcome (supabase/functions/_shared/outcomes.ts:2): "
            + "holds some of SettlementOutcome's values, not void: not its surface"), result.stdout)
        XCTAssertTrue(result.stdout.contains("link_key screen, which selects the screen (routed at Matchday/Notifications/NotificationRouter.swift:7)"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("  notifications none found:"), result.stdout)
    }

    /// `init` then `check` reports what the hand-written registry's `check` reports: the four codes FixtureStatus
    /// lacks, on the Swift enum; nothing about the subset union or the screen key.
    func testInitThenCheckGivesTheHandWrittenRegistrysFindings() throws {
        let initialised = try app.copy(self)
        XCTAssertEqual(try CLIHarness.run(["init"], in: initialised).status, 0)
        let fromInit = try InitFixtureApp.findings(initialised)
        let fromHand = try InitFixtureApp.findings(try app.copy(handWritten: true, self))
        XCTAssertEqual(fromInit, fromHand)
        XCTAssertEqual(fromHand.count, 4, fromHand.joined(separator: "\n"))
        for code in ["abandoned", "cancelled", "interrupted", "suspended"] {
            XCTAssertTrue(fromHand.contains { $0.hasPrefix("Matchday/Models/Fixture.swift:18:6: error: FixtureStatus has no case for FixtureStatus value \"\(code)\"") },
                          fromHand.joined(separator: "\n"))
        }
    }
}
