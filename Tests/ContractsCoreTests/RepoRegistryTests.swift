import ContractsCore
import Foundation
import XCTest

/// The repo's own registry.yaml (the NaarsCars contract from seed 000) loads and says what the seed says.
final class RepoRegistryTests: XCTestCase {
    func testRepoRegistryLoadsWithTheSeedsValues() throws {
        let registry = try RegistryFixtures.repo()
        let types = registry.notificationTypes!
        XCTAssertEqual(types.values.count, 30)
        XCTAssertEqual(types.fallback, "other")
        XCTAssertEqual(types.sql!.qualifiedTable, "public.notifications")
        XCTAssertEqual(types.sql!.column, "type")
        XCTAssertEqual(types.sql!.constraint, "valid_notification_type")
        XCTAssertEqual(types.value(raw: "ride_claimed")?.swiftCase, "rideClaimed")
        XCTAssertEqual(types.value(raw: "qa_answer")?.deepLinks, ["ride", "favor"])
        XCTAssertEqual(registry.deepLinks?.cases.count, 14)
        XCTAssertEqual(Set(registry.deepLinks?.payloadKeys ?? []),
                       ["ride_id", "favor_id", "conversation_id", "user_id", "town_hall_post_id", "notification_id"])
        XCTAssertEqual(registry.payload(named: "BadgeCounts")?.keys, [
            "user_id", "messages_total", "requests_total", "community_total", "bell_total", "request_details",
            "conversation_details",
        ])
        XCTAssertEqual(registry.payload(named: "BadgeCounts")?.fields[1].defaultValue, .int(0))
        XCTAssertEqual(registry.migrations.map(\.dir), ["database", "supabase/migrations"])
        XCTAssertEqual(registry.migrations.first?.scheme, .sequential(width: 3))
        XCTAssertEqual(registry.sqlOutputFolder?.dir, "database")
    }

    func testDriverAppRegistryLoadsWithItsOwnNames() throws {
        let registry = try RegistryFixtures.driverApp()
        XCTAssertEqual(registry.notificationTypes!.swiftEnum, "DriverNotificationKind")
        XCTAssertEqual(registry.notificationTypes!.payloadKey, "notification_type")
        XCTAssertEqual(registry.notificationTypes!.sql!.qualifiedTable, "public.driver_notifications")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "default")?.swiftCase, "default")
        XCTAssertEqual(registry.deepLinks?.payloadKeys, ["trip_id", "order_id", "stop_index", "message"])
    }

    func testDigestIgnoresCommentsButNotMeaning() throws {
        let text = try RegistryFixtures.repoText()
        let a = try RegistryLoader.load(text: text, file: "registry.yaml")
        let b = try RegistryLoader.load(text: "# a new comment\n" + text.replacingOccurrences(of: "version: 1", with: "version: 1   # same"),
                                        file: "registry.yaml")
        let c = try RegistryLoader.load(text: text.replacingOccurrences(of: "icon: message.fill", with: "icon: message"),
                                        file: "registry.yaml")
        XCTAssertEqual(RegistryDigest.of(a), RegistryDigest.of(b))
        XCTAssertNotEqual(RegistryDigest.of(a), RegistryDigest.of(c))
        XCTAssertTrue(RegistryDigest.of(a).hasPrefix("sha256:"))
    }

    func testSHA256KnownAnswers() {
        XCTAssertEqual(SHA256.hex(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Data(String(repeating: "a", count: 1000).utf8)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

/// Loads the registries the tests share, from the repository checkout.
enum RegistryFixtures {
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func repoText() throws -> String {
        try String(contentsOf: repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    static func repo() throws -> Registry { try RegistryLoader.load(text: try repoText(), file: "registry.yaml") }

    static func driverApp() throws -> Registry {
        let text = try String(contentsOf: repoRoot.appendingPathComponent("Tests/Fixtures/driver-app/registry.yaml"), encoding: .utf8)
        return try RegistryLoader.load(text: text, file: "registry.yaml")
    }
}
