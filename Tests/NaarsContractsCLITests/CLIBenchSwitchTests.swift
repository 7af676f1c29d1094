import ContractsTestSupport
import Foundation
import XCTest

/// `scripts/bench` measures what the project-wide sink join costs by running `check` with
/// `NAARS_BENCH_NO_SINK_JOIN=1`: the switch must turn off exactly the join, in all three languages, or the row
/// measures something else.
final class CLIBenchSwitchTests: XCTestCase {
    private func copy(_ name: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-bench-switch-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent("Tests/ContractsCheckTests/Fixtures/\(name)"),
                                         to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func testTheSwitchTurnsOffTheSinkJoinAndNothingElse() throws {
        let root = try copy("sinks-app-drift")
        let joined = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        let alone = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root,
                                       environment: ["NAARS_BENCH_NO_SINK_JOIN": "1"])
        XCTAssertEqual(joined.status, 1, joined.stderr)
        // Found through a sink in another file (Swift, TypeScript): only with the join.
        for literal in ["maintenance_notce", "admin_broadcst", "reminder_later"] {
            XCTAssertTrue(joined.stdout.contains(literal), literal)
            XCTAssertFalse(alone.stdout.contains(literal), literal)
        }
        // SQL: a function the migrations define that inserts its parameter (found in rounds over the replay).
        let sql = FileManager.default.temporaryDirectory.appendingPathComponent("naars-bench-switch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sql, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: sql) }
        try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent("Tests/ContractsSQLTests/Fixtures/sinks-inferred/supabase"),
                                         to: sql.appendingPathComponent("supabase"))
        try Data("""
            version: 1
            notification_types:
              swift_enum: NotificationType
              typescript_const: NOTIFICATION_TYPES
              sql: { table: public.notifications, column: type, constraint: valid_notification_type }
              values: [{ raw: message }, { raw: ride_update }, { raw: ride_canceled }]
            migrations:
              - { dir: supabase/migrations, scheme: timestamp }
            outputs: { swift: Generated, typescript: generated }

            """.utf8).write(to: sql.appendingPathComponent("registry.yaml"))
        let sqlJoined = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: sql)
        let sqlAlone = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: sql, environment: ["NAARS_BENCH_NO_SINK_JOIN": "1"])
        for literal in ["'ride_cancelled'", "'ride_cancelld'"] {
            XCTAssertTrue(sqlJoined.stdout.contains(literal), literal + sqlJoined.stdout + sqlJoined.stderr)
            XCTAssertFalse(sqlAlone.stdout.contains(literal), literal)
        }
        // Found without any sink: the same either way.
        let other = try copy("app-drift")
        let plain = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: other)
        let plainAlone = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: other,
                                            environment: ["NAARS_BENCH_NO_SINK_JOIN": "1"])
        XCTAssertEqual(plain.status, 1, plain.stderr)
        XCTAssertEqual(plain.stdout, plainAlone.stdout)
    }
}
