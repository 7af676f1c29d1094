import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-const-drift` on a hand-written union type or string enum named like the registry's TypeScript type.
final class TypeDeclarationDriftRuleTests: XCTestCase {
    private func union(_ registry: Registry, _ edit: ([String]) -> [String] = { $0 }) -> String {
        let members = edit(registry.notificationTypes!.rawValues.map { "'\($0)'" })
        return "export type \(registry.notificationTypes!.typescriptType) =\n  | " + members.joined(separator: "\n  | ") + ";\nexport const x = 1;\n"
    }

    func testUnionMatchingTheRegistryIsClean() throws {
        let r = try TestRegistries.naarsCars()
        XCTAssertEqual(findings(union(r), r), [])
        XCTAssertEqual(findings("export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];", r), [])
    }

    func testUnionWithTypoAndMissingValue() throws {
        let r = try TestRegistries.naarsCars()
        let text = union(r) { $0.filter { $0 != "'broadcast'" }.map { $0 == "'review'" ? "'reveiw'" : $0 } }
        let found = findings(text, r)
        XCTAssertEqual(summary(found), [
            "\(position(of: "NotificationType", in: text)) ts-const-drift",   // lacks 'review'
            "\(position(of: "NotificationType", in: text)) ts-const-drift",   // lacks 'broadcast'
            "\(position(of: "'reveiw'", in: text)) ts-const-drift",
        ])
        XCTAssertTrue(found.contains { $0.message.contains("did you mean 'review'") })
    }

    func testStringEnum() throws {
        let r = try TestRegistries.driverApp()
        let members = r.notificationTypes!.values.map { "  \(Identifiers.pascalCase($0.raw)) = \"\($0.raw)\"," }
        let text = "export enum DriverNotificationKind {\n" + members.joined(separator: "\n") + "\n}\n"
        XCTAssertEqual(findings(text, r), [])
        let drifted = text.replacingOccurrences(of: "\"urgent_alert\"", with: "\"urgent\"")
        XCTAssertEqual(summary(findings(drifted, r)), [
            "\(position(of: "DriverNotificationKind", in: drifted)) ts-const-drift",
            "\(position(of: "\"urgent\"", in: drifted)) ts-const-drift",
        ])
    }

    func testOtherUnionsAreNotJudged() throws {
        let r = try TestRegistries.naarsCars()
        XCTAssertEqual(findings("type ButtonKind = 'primary' | 'secondary';\ntype NotificationTypeish = 'x';", r), [])
    }
}
