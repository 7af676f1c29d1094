import ContractsCore
import Foundation
import XCTest

/// `generate:` on each entry that declares a Swift type: read as a boolean (true when absent), its mistakes errors at
/// their line and column, and left out of the digest generated files carry.
final class RegistryGenerateKeyTests: XCTestCase {
    static let text = """
    version: 1
    notification_types:
      swift_enum: Kind
      sql: { table: notes, column: kind, constraint: notes_kind_check }
      generate: false
      values:
        - raw: ping
          badge: bell
    badges:
      cases: [bell]
      generate: false
    deep_links:
      generate: false
      cases:
        - name: inbox
    payloads:
      Counts:
        generate: false
        fields: { total: { type: int, default: 0 } }
        type_name: Counts
      Detail:
        type_name: Detail
        fields: { id: uuid }
    enums:
      RoomStatus:
        swift_enum: RoomStatus
        generate: false
        values: [open, closed]
      Plan:
        swift_enum: Plan
        values: [free, pro]
    outputs: { swift: out/swift, typescript: out/ts }

    """

    func testEachEntryReadsItsOwnFlag() throws {
        let registry = try RegistryLoader.load(text: Self.text, file: "registry.yaml")
        XCTAssertFalse(registry.notificationTypes!.generatesSwift)
        XCTAssertEqual(registry.badges?.generatesSwift, false)
        XCTAssertEqual(registry.deepLinks?.generatesSwift, false)
        XCTAssertEqual(registry.payloads.map(\.generatesSwift), [false, true])
        XCTAssertEqual(registry.enums.map(\.generatesSwift), [false, true])
        let defaults = try RegistryLoader.load(text: Self.text.replacingOccurrences(of: "generate: false", with: "generate: true"),
                                               file: "registry.yaml")
        XCTAssertTrue(defaults.notificationTypes!.generatesSwift)
        XCTAssertEqual(defaults.payloads.map(\.generatesSwift), [true, true])
    }

    func testAMistypedFlagOrKeyIsAnErrorAtItsPlace() {
        let cases: [(old: String, new: String, line: Int, column: Int, message: String)] = [
            ("  generate: false\n  values:", "  generate: no\n  values:", 5, 13, "notification_types.generate must be true or false"),
            ("  cases: [bell]\n  generate: false", "  cases: [bell]\n  generate: [false]", 11, 13, "badges.generate must be true or false"),
            ("    generate: false\n    fields:", "    generate: 0\n    fields:", 18, 15, "payloads.Counts.generate must be true or false"),
            ("    swift_enum: RoomStatus\n    generate: false", "    swift_enum: RoomStatus\n    generate: off", 27, 15,
             "enums.RoomStatus.generate must be true or false"),
            ("deep_links:\n  generate: false", "deep_links:\n  generates: false", 13, 3,
             "unknown key 'generates' in deep_links; did you mean 'generate'?"),
        ]
        for item in cases {
            XCTAssertTrue(Self.text.contains(item.old), item.old)
            do {
                _ = try RegistryLoader.load(text: Self.text.replacingOccurrences(of: item.old, with: item.new), file: "registry.yaml")
                XCTFail("expected: \(item.message)")
            } catch let errors as RegistryErrors {
                let match = errors.errors.first { $0.message == item.message }
                XCTAssertNotNil(match, "\(item.message): \(errors)")
                XCTAssertEqual(match?.location, SourceLocation(file: "registry.yaml", line: item.line, column: item.column), item.message)
            } catch {
                XCTFail("unexpected \(error)")
            }
        }
    }

    /// Which declarations are written is not what they say: turning one off leaves the other files' digest alone.
    func testTheFlagIsNotPartOfTheDigest() throws {
        let off = try RegistryLoader.load(text: Self.text, file: "registry.yaml")
        let on = try RegistryLoader.load(text: Self.text.replacingOccurrences(of: "    generate: false\n", with: "")
                                                    .replacingOccurrences(of: "  generate: false\n", with: ""), file: "registry.yaml")
        XCTAssertTrue(on.notificationTypes!.generatesSwift && on.enums.allSatisfy(\.generatesSwift))
        XCTAssertEqual(RegistryDigest.of(off), RegistryDigest.of(on))
    }
}
