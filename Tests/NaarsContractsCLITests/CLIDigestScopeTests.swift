import ContractsTestSupport
import Foundation
import XCTest

/// A registry edit that cannot change generated output (`rules:`, `sources:`, `baseline:`, `emitters:`,
/// `migrations:` folders) leaves the generated files current; an edit the emitters read makes them stale.
final class CLIDigestScopeTests: XCTestCase {
    private func edit(_ project: HabitProject, _ transform: (String) -> String) throws {
        let url = project.app.appendingPathComponent("registry.yaml")
        let before = try String(contentsOf: url, encoding: .utf8)
        let after = transform(before)
        XCTAssertNotEqual(after, before, "the edit did not apply")
        try Data(after.utf8).write(to: url)
    }

    func testEditsOnlyTheCheckersReadLeaveGeneratedFilesCurrent() throws {
        let project = try HabitProject(drift: false)
        let edits: [(String, (String) -> String)] = [
            ("rules", { $0.replacingOccurrences(of: "rules: {}", with: "rules: { migration-gap: off, swift-enum-drift: warning }") }),
            ("sources", { $0.replacingOccurrences(of: #"swift: ["NaarsCars/**/*.swift"]"#, with: #"swift: ["App/**/*.swift", "Kit/**/*.swift"]"#) }),
            ("baseline", { $0 + "baseline: accepted-findings.json\n" }),
            ("migrations", { $0.replacingOccurrences(of: "  - { dir: supabase/migrations, scheme: timestamp }", with: "  - { dir: supabase/migrations, scheme: timestamp }\n  - { dir: db/extra, scheme: sequential, width: 4 }") }),
        ]
        for (what, transform) in edits {
            try edit(project, transform)
            let check = try CLIHarness.run(["generate", "--check"], in: project.app)
            XCTAssertEqual(check.status, 0, "\(what): \(check.stdout)\(check.stderr)")
            let drift = try CLIHarness.run(["check", "--format", "json"], in: project.app)
            XCTAssertFalse(drift.stdout.contains("generated-stale"), "\(what): \(drift.stdout)")
        }
    }

    func testAnEditTheEmittersReadMakesThemStale() throws {
        let project = try HabitProject(drift: false)
        try edit(project) { $0.replacingOccurrences(of: "icon: message.fill", with: "icon: message") }
        let check = try CLIHarness.run(["check"], in: project.app)
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("(generated-stale)"), check.stdout)
    }

    func testSwiftAccessIsReadByTheEmitters() throws {
        let project = try HabitProject(drift: false)
        try edit(project) { $0.replacingOccurrences(of: "  sql: database\n", with: "  sql: database\n  swift_access: internal\n") }
        let stale = try CLIHarness.run(["generate", "--check"], in: project.app)
        XCTAssertEqual(stale.status, 1, stale.stdout)
        XCTAssertEqual(try CLIHarness.run(["generate"], in: project.app).status, 0)
        let swift = try String(contentsOf: project.app.appendingPathComponent("generated/Swift/NotificationType.swift"), encoding: .utf8)
        XCTAssertTrue(swift.contains("\nenum NotificationType: String, Codable, CaseIterable, Sendable {"), swift)
        XCTAssertFalse(swift.contains("public "), swift)
        try edit(project) { $0.replacingOccurrences(of: "swift_access: internal", with: "swift_access: private") }
        let bad = try CLIHarness.run(["check"], in: project.app)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("outputs.swift_access 'private' must be one of public, internal"), bad.stderr)
    }
}
