import ContractsCore
@testable import ContractsSQL
import XCTest

/// The rules on the messy fixture history, end to end through `SQLSourceCheck`.
final class SQLRuleTests: XCTestCase {
    let registered = ["message", "new_ride", "ride_update", "ride_claimed", "review", "other"]

    func messyFindings() throws -> [Finding] {
        let registry = SQLTestRegistry.make(
            values: registered,
            payloads: [SQLTestRegistry.payload("BadgeCounts", rpc: "get_badge_counts",
                                               keys: ["messages_total", "requests_total", "request_details"])],
            emitters: [FunctionEmitter(function: "create_notification", argument: 2, location: SQLTestRegistry.here)])
        return try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("history-messy")))
    }

    func testConstraintDriftNamesMissingAndExtraValuesAtTheMigrationThatSetIt() throws {
        let drift = try messyFindings().filter { $0.ruleID == "sql-constraint-drift" }
        XCTAssertEqual(drift.count, 1)
        XCTAssertEqual(drift.first?.message, "CHECK constraint valid_notification_type on public.notifications.type differs from the registry: missing 'review', 'other'; not registered 'town_hall_post'")
        XCTAssertEqual(drift.first?.location.description, "supabase/migrations/20260126_0001_readd_in_do_block.sql:6:42")
        XCTAssertEqual(drift.first?.registryLocation, SourceLocation(file: "registry.yaml", line: 6, column: 1))
    }

    func testUnknownLiteralsAreFoundOnlyInTypePositionsOfLiveCode() throws {
        let literals = try messyFindings().filter { $0.ruleID.hasPrefix("sql-unknown-literal") }
        XCTAssertEqual(literals.map { "\($0.location) \($0.message)" }, [
            "database/011_ride_triggers.sql:7:48 'ride_clamed' (argument 2 of create_notification) is not a registered notification type",
            "database/011_ride_triggers.sql:19:32 'chat_message' (compared with notifications.type) is not a registered notification type",
            "supabase/migrations/20260407202111_badge_counts.sql:9:71 'ride_cancelled' (compared with notifications.type) is not a registered notification type",
            "supabase/migrations/20260407202111_badge_counts.sql:28:57 'ride_posted' (compared with notifications.type) is not a registered notification type",
        ])
        // Not flagged: 'ride'/'favor' on requests (002, 011 trigger on requests, 2026 details query),
        // 'legacy_badge' in the superseded get_badge_counts, 'never_applied' inside a CHECK definition.
    }

    func testPayloadShapeDriftReadsTheLastDefinitionsReturnedObject() throws {
        let shape = try messyFindings().filter { $0.ruleID == "payload-shape-drift" }
        XCTAssertEqual(shape.map(\.message), [
            "get_badge_counts returns an object whose keys differ from payload BadgeCounts: missing 'request_details'; not in the payload 'bell_total'",
        ])
        XCTAssertEqual(shape.first?.location.description, "supabase/migrations/20260407202111_badge_counts.sql:15:12")
    }

    func testDefinitionsInTwoFoldersAreAmbiguous() throws {
        let ambiguous = try messyFindings().filter { $0.ruleID == "migration-order-ambiguous" }
        XCTAssertEqual(ambiguous.map(\.message).sorted(), [
            "The CHECK constraint on public.notifications.type is defined in 2 migration folders (database, supabase/migrations); the last one applied wins",
            "Function public.create_notification is defined in 2 migration folders (database, supabase/migrations); the last one applied wins",
            "Function public.get_badge_counts is defined in 2 migration folders (database, supabase/migrations); the last one applied wins",
        ].sorted())
        let function = ambiguous.first { $0.message.contains("get_badge_counts") }
        XCTAssertEqual(function?.location.description, "supabase/migrations/20260407202111_badge_counts.sql:2:1")
        XCTAssertEqual(function?.related.map(\.description), ["database/040_badge_counts.sql:1:1"])
    }

    func testSyntaxErrorsAreFindingsWithPostgresMessage() throws {
        let registry = SQLTestRegistry.make(values: ["message", "other"])
        let findings = try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("history-broken")))
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.location) \($0.message)" }, [
            "sql-constraint-unknown database/002_typo.sql:2:1 The CHECK constraint on public.notifications.type is unknown: "
                + "1 statement(s) PostgreSQL 15 cannot parse name its table, constraint or type and are left out of the replay",
            "sql-syntax-error database/002_typo.sql:2:15 PostgreSQL 15 cannot parse this: syntax error at or near \"notifications\"",
            "sql-syntax-error database/003_bad_body.sql:4:5 PostgreSQL 15 cannot parse this: syntax error at or near \";\"",
        ])
    }
}
