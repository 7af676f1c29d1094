import ContractsTestSupport
import Foundation
import XCTest

/// Hand-written or generated, per enum: `generate` refuses to write a type the app declares (exit 2, nothing
/// written, both ways out named), `check` reports it (`generated-redeclared`), and `generate: false` keeps the app's
/// enum, which `check` goes on guarding. The project carries the decoys that must stay silent: an extension, a type
/// of the same name nested in another type, files outside the sources, and the generated file itself.
final class CLIGenerateRedeclaredTests: XCTestCase {
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: ride_update
        deep_links:
          swift_enum: NavigationIntent
          cases:
            - name: ride
              params: [{ name: id, type: uuid, payload_key: ride_id }]
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
          exclude: ["App/Previews/**"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    static let notificationType = """
        import Foundation

        enum NotificationType: String, Codable, CaseIterable, Identifiable {
            case message
            case rideUpdate = "ride_update"

            var id: String { rawValue }
            static func parse(_ text: String) -> NotificationType? { Self(rawValue: text) }
        }

        """

    static let navigationIntent = """
        import Foundation

        /// What the push handler builds from `userInfo`.
        enum NavigationIntent: Equatable {
            case ride(id: UUID)
        }

        """

    /// The app as it is before adopting: both enums hand-written, with the decoys.
    static let files = [
        "registry.yaml": registry,
        "database/001_notifications.sql": """
            CREATE TABLE public.notifications (id uuid PRIMARY KEY, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));

            """,
        "App/Models/NotificationType.swift": notificationType,
        "App/Navigation/NavigationIntent.swift": navigationIntent,
        // Decoys: an extension; the name nested in another type, and local to a function.
        "App/Models/NotificationType+Display.swift": """
            extension NotificationType {
                var title: String { rawValue.capitalized }
            }

            struct Inbox {
                enum NotificationType { case unread, read }
                enum NavigationIntent { case top }
            }

            func preview() -> Int {
                enum NavigationIntent { case sample }
                return 1
            }

            """,
        // Decoys: a file the registry excludes, and one outside the sources' globs.
        "App/Previews/NotificationType.swift": "enum NotificationType { case preview }\n",
        "Tools/Seed/NavigationIntent.swift": "enum NavigationIntent { case seed }\n",
    ]

    private func write(_ root: URL, _ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// `check --format json --only-rule generated-redeclared`: each finding's place, related places and fix.
    private func redeclared(_ root: URL) throws -> [(at: String, related: [String], fix: String)] {
        let result = try CLIHarness.run(["check", "--format", "json", "--only-rule", "generated-redeclared"], in: root)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        return findings.map { f in
            let related = (f["related"] as? [[String: Any]] ?? []).map { "\($0["file"]!):\($0["line"]!):\($0["column"]!)" }
            return ("\(f["file"]!):\(f["line"]!):\(f["column"]!)", related, f["fix"] as? String ?? "")
        }
    }

    func testGenerateRefusesBothEnumsAndWritesNothing() throws {
        let root = try CLIHarness.project(Self.files)
        let before = CLIHarness.snapshot(root)

        let result = try CLIHarness.run(["generate"], in: root)

        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("App/Models/NotificationType.swift:3:6: error: enum NotificationType is declared here "
            + "and `generate` would declare it too, in App/Generated/NotificationType.swift (from notification_types in registry.yaml)"), lines[0])
        XCTAssertTrue(lines[0].contains("nothing was written"), lines[0])
        XCTAssertTrue(lines[0].contains("set `generate: false` under notification_types in registry.yaml"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("or delete it and use the generated one, first moving into an extension what the generated "
            + "one lacks: `var id`, `static func parse(_:)`, conformance `Identifiable`"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("App/Navigation/NavigationIntent.swift:4:6: error: enum NavigationIntent is declared here"), lines[1])
        XCTAssertTrue(lines[1].contains("set `generate: false` under deep_links in registry.yaml"), lines[1])
        // `Equatable` comes with the generated enum's `Hashable`: nothing to move.
        XCTAssertTrue(lines[1].hasSuffix("or delete it and use the generated one (it has every member and conformance this one declares)"), lines[1])
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        for mode in [["--dry-run"], ["--check"]] {
            let dry = try CLIHarness.run(["generate"] + mode, in: root)
            XCTAssertEqual(dry.status, 2, "\(mode): \(dry.stderr)")
        }

        // `check` says the same, at the same places; the decoys are silent, and the files `generate` cannot write
        // are not reported missing (`generated-stale` would say to run it).
        XCTAssertEqual(try redeclared(root).map(\.at), ["App/Models/NotificationType.swift:3:6", "App/Navigation/NavigationIntent.swift:4:6"])
        let stale = try CLIHarness.run(["check", "--format", "xcode", "--only-rule", "generated-stale", "--verbose"], in: root)
        XCTAssertFalse(stale.stdout.contains("App/Generated/"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("supabase/functions/_shared/generated/notificationTypes.ts"), stale.stdout)
    }

    func testGenerateFalseKeepsOneEnumAndTheOtherIsGenerated() throws {
        let root = try CLIHarness.project(Self.files)
        // Keep the notification enum; move to the generated deep-link enum.
        try write(root, "registry.yaml", Self.registry.replacingOccurrences(of: "  payload_key: type\n",
                                                                             with: "  payload_key: type\n  generate: false\n"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Navigation/NavigationIntent.swift"))

        let result = try CLIHarness.run(["generate"], in: root)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote App/Generated/NavigationIntent.swift"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/Generated/NotificationType.swift").path))
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: root.appendingPathComponent("supabase/functions/_shared/generated/notificationTypes.ts").path))
        // The generated file sits inside the sources' glob and is not hand-written; nothing is out of date.
        XCTAssertEqual(try redeclared(root).count, 0)
        let check = try CLIHarness.run(["check", "--only-rule", "generated-stale", "--only-rule", "generated-edited"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        // The kept enum is still guarded.
        try write(root, "App/Models/NotificationType.swift",
                  Self.notificationType.replacingOccurrences(of: "\"ride_update\"", with: "\"ride_updated\""))
        let drift = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(drift.status, 1, drift.stdout)
        XCTAssertTrue(drift.stdout.contains("NotificationType.swift:5:10: error: NotificationType.rideUpdate has raw value \"ride_updated\""),
                      drift.stdout)

        // A hand-written deep-link enum added back: `generate` refuses to keep writing the generated one, and leaves
        // it as it is; `check` points at both declarations.
        try write(root, "App/Navigation/Routing.swift", "import Foundation\n\n" + Self.navigationIntent)
        let before = CLIHarness.snapshot(root)
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(again.status, 2, again.stdout)
        XCTAssertTrue(again.stderr.hasPrefix("App/Navigation/Routing.swift:6:6: error: enum NavigationIntent is declared here and "
            + "is generated too, in App/Generated/NavigationIntent.swift"), again.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let found = try redeclared(root)
        XCTAssertEqual(found.map(\.at), ["App/Navigation/Routing.swift:6:6"])
        XCTAssertEqual(found.first?.related, ["App/Generated/NavigationIntent.swift:9:13"])
    }
}
