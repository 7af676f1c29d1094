import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// `naars-contracts init` through the built binary: on the fixture apps with their registry removed it must write
/// back a registry equivalent to the hand-written one in the parts it covers (values, attributes, fallback, badge
/// tabs, the SQL target, the TypeScript const, migration folders, source globs). InitRoundTripTests compares
/// whole registries; these tests pin single discoveries.
final class InitCommandTests: XCTestCase {
    // MARK: - Equivalence with the hand-written registries

    func testInitOnAppCleanWritesBackTheHandWrittenContract() throws {
        let (written, expected) = try initialise("app-clean")
        assertSameCoveredParts(written, expected)
        XCTAssertEqual(written.notificationTypes!.typescriptConst, "NOTIFICATION_TYPES")
        XCTAssertEqual(written.notificationTypes!.sql!.constraint, "valid_notification_type")
        XCTAssertEqual(written.badges?.swiftEnum, expected.badges?.swiftEnum)
        XCTAssertEqual(written.badges?.cases, expected.badges?.cases)
        XCTAssertEqual(written.migrations.map(\.scheme), [.sequential(width: 3), .timestamp])
    }

    func testInitOnCarpoolAppFindsTheCustomAttributeAndTheDecodingFallback() throws {
        let (written, expected) = try initialise("carpool-app-clean")
        assertSameCoveredParts(written, expected)
        XCTAssertEqual(written.notificationTypes!.attributes.map(\.key), ["entity_id_key"])
        XCTAssertEqual(written.notificationTypes!.fallback, "announcement", "read from `?? .announcement` in init(from:)")
        // The hand-written registry scopes the two values only one side has; init leaves them as drift to review.
        XCTAssertEqual(expected.notificationTypes!.values.filter { $0.scope != .all }.map(\.raw), ["draft_saved", "weekly_digest"])
        XCTAssertEqual(written.notificationTypes!.rawValues, expected.notificationTypes!.appRawValues)
        // event_title and event_date are read too, but the app writes them itself (a local notification's
        // `content.userInfo`): not push keys. message_id is read only in the `.message` arm: required for it.
        XCTAssertEqual(written.pushKeys.map(\.key), ["message_id", "reminder_id", "sender_name"])
        XCTAssertEqual(written.pushKeys.first?.types, ["message"])
        XCTAssertEqual(written.pushKeys.first?.type, .uuid)
        XCTAssertEqual(written.pushKeys.last?.optional, true)
    }

    func testInitOnMatchAppFindsTheEnumTypedColumn() throws {
        let (written, expected) = try initialise("match-app-clean")
        assertSameCoveredParts(written, expected)
        XCTAssertEqual(written.notificationTypes!.sql!.enumType?.qualified, "public.remote_match_status")
        XCTAssertNil(written.notificationTypes!.sql!.constraint)
        XCTAssertEqual(written.notificationTypes!.attributes, [], "isLive is UI logic (Bool), not a registry attribute")
        XCTAssertEqual(written.notificationTypes!.payloadKey, "status", "the key the app decodes as RemoteMatchStatus, not the column")
    }

    /// kinds-app has a free-text `kind` column (no CHECK) and no Swift enum checked in (its enum is generated):
    /// the column is the one SQL writes most literals to, its values what the three stacks write or compare,
    /// minus what data migrations rewrote (retired); the fallback is the column's DEFAULT; the enum name is
    /// the one the Swift uses (`NotificationKind.choreCompleted.rawValue`) without declaring it.
    func testKindsAppFreeTextColumnGivesItsWrittenValues() throws {
        let (written, expected) = try initialise("kinds-app-clean")
        XCTAssertEqual(written.notificationTypes!.sql!.column, "kind", "not title, which one INSERT ... SELECT also fills with a literal")
        XCTAssertEqual(Set(written.notificationTypes!.rawValues), Set(expected.notificationTypes!.rawValues))
        XCTAssertEqual(written.notificationTypes!.retiredRawValues, ["admin_child_add", "weekly_summary"])
        XCTAssertEqual(written.notificationTypes!.fallback, "general")
        XCTAssertEqual(written.notificationTypes!.swiftEnum, "NotificationKind")
        XCTAssertEqual(written.notificationTypes!.payloadKey, "kind")
        XCTAssertEqual(written.emitters.swift.map { "\($0.function) \($0.label ?? "")" }, ["sendNotification kind"],
                       "play(kind:) takes a kind too, but is not named for sending")
        XCTAssertEqual(written.migrations.map(\.dir), expected.migrations.map(\.dir))
        XCTAssertEqual(written.sources.swift, expected.sources.swift)
    }

    /// `--table/--column` pins a free-text column SQL barely writes: its values still come from what is written.
    func testTableAndColumnPinAFreeTextColumn() throws {
        let root = try CLIHarness.project([
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info', title text);
                CREATE TABLE notification_log (id int, note text);
                INSERT INTO notification_log (id, note) VALUES (1, 'hello');
                UPDATE alerts SET category = 'warning' WHERE category = 'warn';
                SELECT count(*) FROM alerts WHERE category = 'error';
                """,
            // The generated enum is used, not declared; the one in the comments (twice) is not it.
            "App/Alerts.swift": """
                /// Was `OldCategory.warn.rawValue`; see also OldCategory.info.rawValue.
                func show() -> String { AlertCategory.warning.rawValue } // not OldCategory.error.rawValue
                """,
        ])
        let result = try CLIHarness.run(["init", "--table", "alerts", "--column", "category"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try load(root.appendingPathComponent("registry.yaml"))
        XCTAssertEqual(registry.notificationTypes!.sql!.qualifiedTable, "public.alerts")
        XCTAssertEqual(registry.notificationTypes!.rawValues, ["warning", "error", "info"], "the DEFAULT is written too")
        XCTAssertEqual(registry.notificationTypes!.retiredRawValues, ["warn"])
        XCTAssertEqual(registry.notificationTypes!.fallback, "info")
        XCTAssertEqual(registry.notificationTypes!.swiftEnum, "AlertCategory")
    }

    // MARK: - init, generate, check

    func testInitThenGenerateThenCheckIsCleanOnAppClean() throws {
        let root = try copyFixture("app-clean", removingRegistry: true)
        XCTAssertEqual(try CLIHarness.run(["init"], in: root).status, 0)
        let generated = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let checked = try CLIHarness.run(["check", "--no-cache"], in: root)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
    }

    func testInitThenCheckReportsExactlyTheDisagreementsItCommented() throws {
        let root = try copyFixture("carpool-app-clean", removingRegistry: true)
        XCTAssertEqual(try CLIHarness.run(["init"], in: root).status, 0)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(text.contains("- raw: draft_saved      # case at Carpool/Models/NotificationType.swift:14; not in the CHECK "
            + "constraint on notifications.type (supabase/migrations/20240301120000_town_hall.sql:10)"), text)
        XCTAssertTrue(text.contains("# weekly_digest: in the CHECK constraint on notifications.type "
            + "(supabase/migrations/20240301120000_town_hall.sql:10) but not a case of NotificationType"), text)
        // generate writes the registry's set where the replay makes it last (the CHECK is last set in
        // supabase/migrations, replayed after database): the database then takes draft_saved, and what still
        // disagrees is the code that writes weekly_digest.
        let generated = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(generated.stdout.contains("wrote supabase/migrations/"), generated.stdout)
        let checked = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(checked.status, 1)
        XCTAssertFalse(checked.stdout.contains("sql-constraint-drift"), checked.stdout)
        XCTAssertTrue(checked.stdout.contains("'weekly_digest' is used as a notification type but is not registered"), checked.stdout)
    }

    // MARK: - Refusals, starter, determinism

    func testAnExistingRegistryExitsTwoAndNothingIsWritten() throws {
        let root = try copyFixture("carpool-app-clean", removingRegistry: false)
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("registry.yaml already exists"), result.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    func testATreeWithoutNotificationCodeGetsTheStarterRegistry() throws {
        let root = try CLIHarness.project([
            // Decoys: a string enum not named like notifications, and a CHECK set on another table.
            "App/Theme.swift": "enum Theme: String { case light, dark }\n",
            "db/migrations/001_orders.sql": "CREATE TABLE orders (id int, status text CHECK (status IN ('open', 'closed')));\n",
        ])
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("a starter"), result.stdout)
        let registry = try load(root.appendingPathComponent("registry.yaml"))
        XCTAssertEqual(registry.notificationTypes!.rawValues, ["example"])
        XCTAssertEqual(registry.migrations.map(\.dir), ["db/migrations"])
        XCTAssertEqual(registry.sources.swift, ["App/**/*.swift"])
    }

    func testDryRunPrintsTheSameBytesEveryTimeAndWritesNothing() throws {
        let root = try copyFixture("app-clean", removingRegistry: true)
        let before = CLIHarness.snapshot(root)
        let first = try CLIHarness.run(["init", "--dry-run"], in: root)
        let second = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, second.stdout)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertEqual(try CLIHarness.run(["init"], in: root).status, 0)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8), first.stdout)
    }

    func testTheSchemaWrittenBesideIsTheToolsSchema() throws {
        let root = try copyFixture("match-app-clean", removingRegistry: true)
        XCTAssertEqual(try CLIHarness.run(["init"], in: root).status, 0)
        let written = try Data(contentsOf: root.appendingPathComponent("registry.schema.json"))
        let shipped = try Data(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.schema.json"))
        XCTAssertEqual(written, shipped, """
            the schema `init` writes is not registry.schema.json: the build embeds that file in ContractsInit \
            (Plugins/RegistrySchemaPlugin); check that Package.swift still applies the plugin, and rebuild
            """)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
            .hasPrefix("# yaml-language-server: $schema=registry.schema.json\n"))
    }

    func testBadOverridesExitTwoAndWriteNothing() throws {
        let root = try copyFixture("match-app-clean", removingRegistry: true)
        let before = CLIHarness.snapshot(root)
        let unknown = try CLIHarness.run(["init", "--swift-enum", "NoSuchEnum"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no enum named NoSuchEnum"), unknown.stderr)
        XCTAssertEqual(try CLIHarness.run(["init", "--table", "matches"], in: root).status, 2)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    // MARK: - Helpers

    /// Copies a fixture app without its registry, runs `init`, and loads both registries.
    private func initialise(_ app: String) throws -> (written: Registry, expected: Registry) {
        let root = try copyFixture(app, removingRegistry: true)
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let fixtures = FixtureApp.source
        return (try load(root.appendingPathComponent("registry.yaml")),
                try load(fixtures.appendingPathComponent(app).appendingPathComponent("registry.yaml")))
    }

    private func load(_ url: URL) throws -> Registry {
        try RegistryLoader.load(text: try String(contentsOf: url, encoding: .utf8), file: "registry.yaml")
    }

    /// The parts `init` covers, field by field (locations and comments aside).
    private func assertSameCoveredParts(_ written: Registry, _ expected: Registry,
                                        file: StaticString = #filePath, line: UInt = #line) {
        let w = written.notificationTypes!, e = expected.notificationTypes!
        XCTAssertEqual(w.swiftEnum, e.swiftEnum, file: file, line: line)
        XCTAssertEqual(w.typescriptConst, e.typescriptConst, file: file, line: line)
        XCTAssertEqual(w.payloadKey, e.payloadKey, file: file, line: line)
        XCTAssertEqual(w.sql!.qualifiedTable, e.sql!.qualifiedTable, file: file, line: line)
        XCTAssertEqual(w.sql!.column, e.sql!.column, file: file, line: line)
        XCTAssertEqual(w.sql!.constraintName, e.sql!.constraintName, file: file, line: line)
        XCTAssertEqual(w.sql!.enumType?.qualified, e.sql!.enumType?.qualified, file: file, line: line)
        XCTAssertEqual(w.fallback, e.fallback, file: file, line: line)
        XCTAssertEqual(w.attributes.map { [$0.key, $0.swiftProperty, $0.type.rawValue] },
                       e.attributes.map { [$0.key, $0.swiftProperty, $0.type.rawValue] }, file: file, line: line)
        XCTAssertEqual(w.rawValues, e.appRawValues, "the Swift enum's values, in its order", file: file, line: line)
        for value in w.values {
            guard let hand = e.value(raw: value.raw) else { continue }
            XCTAssertEqual(value.swiftCase, hand.swiftCase, value.raw, file: file, line: line)
            XCTAssertEqual(value.icon, hand.icon, value.raw, file: file, line: line)
            XCTAssertEqual(value.canBeDisabled, hand.canBeDisabled, value.raw, file: file, line: line)
            XCTAssertEqual(value.preferenceKey, hand.preferenceKey, value.raw, file: file, line: line)
            XCTAssertEqual(value.badge, hand.badge, value.raw, file: file, line: line)
            XCTAssertEqual(value.attributeValues.filter { $0.value != .null }, hand.attributeValues.filter { $0.value != .null },
                           value.raw, file: file, line: line)
        }
        XCTAssertEqual(written.badges?.cases, expected.badges?.cases, file: file, line: line)
        XCTAssertEqual(written.deepLinks?.swiftEnum, expected.deepLinks?.swiftEnum, file: file, line: line)
        XCTAssertEqual(written.deepLinks?.linkKey, expected.deepLinks?.linkKey, file: file, line: line)
        XCTAssertEqual(written.deepLinks?.cases.map(\.name), expected.deepLinks?.cases.map(\.name), file: file, line: line)
        for c in expected.deepLinks?.cases ?? [] {
            let params = { (r: Registry) in r.deepLink(named: c.name)?.params.map { "\($0.name) \($0.type) \($0.payloadKey) \($0.optional)" } }
            XCTAssertEqual(params(written), params(expected), c.name, file: file, line: line)
        }
        XCTAssertTrue(Set(written.pushKeys.map(\.key)).isSuperset(of: expected.pushKeys.map(\.key)),
                      "\(written.pushKeys.map(\.key)) misses some of \(expected.pushKeys.map(\.key))", file: file, line: line)
        XCTAssertEqual(written.migrations.map(\.dir), expected.migrations.map(\.dir), file: file, line: line)
        XCTAssertEqual(written.migrations.map(\.scheme), expected.migrations.map(\.scheme), file: file, line: line)
        XCTAssertEqual(written.sources.swift, expected.sources.swift, file: file, line: line)
        XCTAssertEqual(written.sources.typescript, expected.sources.typescript, file: file, line: line)
    }

    private func copyFixture(_ name: String, removingRegistry: Bool) throws -> URL {
        let fixtures = FixtureApp.source
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        if removingRegistry { try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml")) }
        return root
    }
}
