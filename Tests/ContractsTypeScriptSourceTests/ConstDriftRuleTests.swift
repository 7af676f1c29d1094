import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-const-drift`: the hand-written `as const` object against the registry.
final class ConstDriftRuleTests: XCTestCase {
    /// The object as a team writes it by hand, from the registry, with `edit` applied to its lines.
    private func constFile(_ registry: Registry, name: String? = nil, edit: (inout [String]) -> Void = { _ in }) -> String {
        var lines = registry.notificationTypes!.values.map { "  \($0.typescriptKey): '\($0.raw)',   // \($0.icon ?? "")" }
        edit(&lines)
        return """
        // Keep in sync with NotificationType.swift (the "message" type is the chat one)
        export const \(name ?? registry.notificationTypes!.typescriptConst) = {
        \(lines.joined(separator: "\n"))
        } as const;

        export type NotificationType = typeof NOTIFICATION_TYPES[keyof typeof NOTIFICATION_TYPES];

        """
    }

    func testMatchingObjectIsClean() throws {
        let registry = try TestRegistries.naarsCars()
        XCTAssertEqual(summary(findings(constFile(registry), registry)), [])
    }

    func testChangedValueIsReportedAtTheValue() throws {
        let registry = try TestRegistries.naarsCars()
        let text = constFile(registry) { $0 = $0.map { $0.replacingOccurrences(of: "'town_hall_post'", with: "'town_hall_posts'") } }
        let found = findings(text, registry)
        XCTAssertEqual(summary(found), ["\(position(of: "'town_hall_posts'", in: text)) ts-const-drift"])
        XCTAssertTrue(found[0].message.contains("'town_hall_post'"), found[0].message)
        XCTAssertEqual(found[0].registryLocation, registry.notificationTypes!.value(raw: "town_hall_post")?.location)
    }

    func testMissingAndExtraValues() throws {
        let registry = try TestRegistries.naarsCars()
        let text = constFile(registry) { lines in
            lines.removeAll { $0.contains("'qa_answer'") }
            lines.append("  LEGACY_PING: 'legacy_ping',")
        }
        let found = findings(text, registry)
        XCTAssertEqual(summary(found), [
            "\(position(of: "NOTIFICATION_TYPES", in: text)) ts-const-drift",
            "\(position(of: "LEGACY_PING", in: text)) ts-const-drift",
        ])
        XCTAssertTrue(found[0].message.contains("lacks 'qa_answer'"), found[0].message)
        XCTAssertTrue(found[1].message.contains("'legacy_ping' is not a registered"), found[1].message)
    }

    func testRenamedKeyIsReportedAtTheKey() throws {
        let registry = try TestRegistries.naarsCars()
        let text = constFile(registry) { $0 = $0.map { $0.replacingOccurrences(of: "RIDE_CLAIMED:", with: "RIDECLAIMED:") } }
        XCTAssertEqual(summary(findings(text, registry)), ["\(position(of: "RIDECLAIMED", in: text)) ts-const-drift"])
    }

    func testFrozenObjectIsJudgedToo() throws {
        let registry = try TestRegistries.naarsCars()
        let text = constFile(registry) { $0 = $0.map { $0.replacingOccurrences(of: "'broadcast'", with: "'brodcast'") } }
            .replacingOccurrences(of: "= {", with: "= Object.freeze({").replacingOccurrences(of: "} as const", with: "})")
        XCTAssertEqual(summary(findings(text, registry)), ["\(position(of: "'brodcast'", in: text)) ts-const-drift"])
    }

    func testOtherObjectsAndNoObjectAreNotJudged() throws {
        let registry = try TestRegistries.naarsCars()
        XCTAssertEqual(findings(constFile(registry, name: "BADGE_TABS"), registry), [])
        XCTAssertEqual(findings("import { NOTIFICATION_TYPES } from '../_shared/notificationTypes.ts';\nconst t = NOTIFICATION_TYPES.MESSAGE;", registry), [])
    }

    func testDriverAppConstUsesItsOwnNames() throws {
        let registry = try TestRegistries.driverApp()
        XCTAssertEqual(findings(constFile(registry), registry), [])
        let text = constFile(registry) { $0 = $0.map { $0.replacingOccurrences(of: "'order_ready'", with: "'order-ready'") } }
        XCTAssertEqual(summary(findings(text, registry)), ["\(position(of: "'order-ready'", in: text)) ts-const-drift"])
    }
}
