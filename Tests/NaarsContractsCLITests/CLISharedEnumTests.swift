import ContractsTestSupport
import Foundation
import XCTest

/// `enums:` end to end: `generate` writes each enum's Swift and TypeScript, `check` keeps them current
/// (`generated-stale`), and a second `generate` writes nothing.
final class CLISharedEnumTests: XCTestCase {
    func testGenerateWritesEachEnumAndCheckKeepsItCurrent() throws {
        let registry = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "\nemitters:", with: """

                enums:
                  ChatRoomStatus:
                    swift_enum: ChatRoomStatus
                    sql: { table: public.chat_rooms, column: status }
                    values: [active, archived, { raw: on-hold, case: onHold }]
                  ReportTargetType:
                    values: [message, profile]

                emitters:
                """)
        let root = try CLIHarness.project(["registry.yaml": registry, "database/.keep": ""])
        let first = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        for path in ["generated/Swift/ChatRoomStatus.swift", "supabase/functions/_shared/chatRoomStatus.ts",
                     "supabase/functions/_shared/reportTargetType.ts"] {
            XCTAssertTrue(first.stdout.contains("wrote \(path)\n"), "\(path): \(first.stdout)")
        }
        XCTAssertFalse(first.stdout.contains("ReportTargetType.swift"), "no swift_enum, no Swift")
        let second = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(second.stdout, "", second.stderr)
        let clean = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertFalse(clean.stdout.contains("generated-stale"), clean.stdout)
        // A value added to the registry makes the enum's files stale until generate runs.
        try Data(registry.replacingOccurrences(of: "values: [message, profile]", with: "values: [message, profile, chat_room]")
            .utf8).write(to: root.appendingPathComponent("registry.yaml"))
        let stale = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("supabase/functions/_shared/reportTargetType.ts"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("generated-stale"), stale.stdout)
    }
}
