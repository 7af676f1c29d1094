import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsInit

/// What `init` copies from sources into registry.yaml may hold characters that display in another order than they
/// are read (a right-to-left override) or not at all: the YAML shows each character of `HiddenScalars` as a `\u`
/// escape, as the generated Swift and TypeScript do, and the registry still loads back to the same string.
final class InitHiddenCharacterTests: XCTestCase {
    func testAnIconHoldingABidiOverrideIsEscapedAndLoadsBackTheSame() throws {
        let icon = "flag\u{202E}.checkered\u{200B}"
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-hidden-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixtureApp.source.appendingPathComponent("app-clean"), to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml"))
        let swift = root.appendingPathComponent("NaarsCars/Core/Models/AppNotification.swift")
        let source = try String(contentsOf: swift, encoding: .utf8)
        let planted = source.replacingOccurrences(of: "case .rideCompleted: return \"flag.checkered\"",
                                                  with: "case .rideCompleted: return \"\(icon)\"")
        XCTAssertNotEqual(planted, source)
        try Data(planted.utf8).write(to: swift)

        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertFalse(text.unicodeScalars.contains(where: HiddenScalars.isBidiControl), "a bidi control was written raw")
        XCTAssertTrue(text.contains(#"icon: "flag\u202e.checkered"#), text)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "ride_completed")?.icon, icon)
    }

    /// Every hidden character, alone and between letters, in a quoted scalar the registry loader reads back as it was.
    func testEveryHiddenCharacterIsEscapedAndReadBack() throws {
        let hidden = (0...0x2070).compactMap(Unicode.Scalar.init).filter(HiddenScalars.mustEscape)
        XCTAssertTrue(hidden.contains("\u{202E}") && hidden.contains("\u{2028}") && hidden.contains("\u{85}"))
        for scalar in hidden {
            let value = "a" + String(Character(scalar)) + "b"
            let written = YAMLText.scalar(value)
            XCTAssertFalse(written.unicodeScalars.contains(where: HiddenScalars.mustEscape), "U+\(scalar.value): \(written)")
            let text = "version: 1\nnotification_types:\n  swift_enum: NotificationType\n"
                + "  sql: { table: notifications, column: type }\n  values:\n"
                + "    - raw: ping\n      icon: \(written)\n"
            let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            XCTAssertEqual(registry.notificationTypes!.value(raw: "ping")?.icon, value, "U+\(scalar.value): \(written)")
        }
    }
}
