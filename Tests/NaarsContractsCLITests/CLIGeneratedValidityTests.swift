import ContractsTestSupport
import Foundation
import XCTest

/// A registry that would generate code that does not compile is refused by every command: exit 2, the
/// position in registry.yaml, and nothing written.
final class CLIGeneratedValidityTests: XCTestCase {
    func testRegistriesThatWouldGenerateInvalidCodeExitTwoAndWriteNothing() throws {
        let good = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let breakages: [(String, String, String)] = [
            ("messages_total: { type: int, default: 0 }", "messages_total: { type: double, default: 1e400 }",
             "registry.yaml:237:48: error: default of messages_total '1e400' is not a finite number"),
            ("typescript_const: NOTIFICATION_TYPES", "typescript_const: eval",
             "registry.yaml:8:21: error: notification_types.typescript_const 'eval' is reserved in TypeScript modules"),
            ("typescript_const: NOTIFICATION_TYPES", "typescript_const: arguments",
             "registry.yaml:8:21: error: notification_types.typescript_const 'arguments' is reserved"),
            ("swift_enum: NotificationType", "swift_enum: String",
             "registry.yaml:7:15: error: notification_types.swift_enum 'String' would shadow the Swift standard type"),
        ]
        for (old, new, message) in breakages {
            XCTAssertTrue(good.contains(old), old)
            let root = try CLIHarness.project(["registry.yaml": good])
            addTeardownBlock { try? FileManager.default.removeItem(at: root) }
            XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
            try Data(good.replacingOccurrences(of: old, with: new).utf8).write(to: root.appendingPathComponent("registry.yaml"))
            let before = CLIHarness.snapshot(root)
            for command in [["generate"], ["check"], ["generate", "--dry-run"]] {
                let result = try CLIHarness.run(command, in: root)
                XCTAssertEqual(result.status, 2, "\(command) \(new): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), "\(message) not in: \(result.stderr)")
            }
            CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        }
    }
}
