import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// A status enum with custom attributes (a colour, a label, whether it sorts first) is generated the way the
/// notification enum's attributes are: one `switch self` property per attribute in Swift, an attribute table in
/// TypeScript, optional where a value has none. Checked in under `Tests/Golden/enum-attributes`
/// (`NAARS_UPDATE_GOLDEN=1` rewrites it), compiled and run, and passed through Deno.
final class EnumAttributesGoldenTests: XCTestCase {
    static let registry = """
        version: 1
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql: { table: chat_rooms, column: status }
            fallback: active
            attributes:
              colour: colour
              label: { swift: displayLabel, type: string }
              sorts_first: { swift: sortsFirst, type: bool }
            values:
              - { raw: active, colour: green, label: "Open \\"now\\"", sorts_first: true }
              - { raw: archived, colour: grey, label: Archived, sorts_first: false }
              - { raw: pending_review, scope: server, colour: amber, label: Pending, sorts_first: false }
              - { raw: draft, scope: app, label: Draft, sorts_first: false }
          InviteStatus:
            values: [pending, accepted]
        outputs: { swift: Generated, typescript: functions/_shared }

        """

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/enum-attributes")

    private func files() throws -> [GeneratedFile] {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml")
        return SwiftEmitter.emit(registry) + TypeScriptEmitter.emit(registry)
    }

    func testAStatusEnumsAttributesMatchTheGolden() throws {
        let files = try files()
        XCTAssertEqual(files.map(\.path), ["Generated/ChatRoomStatus.swift", "functions/_shared/chatRoomStatus.ts",
                                           "functions/_shared/inviteStatus.ts"])
        for file in files {
            let name = (file.path as NSString).lastPathComponent
            try assertGolden(file.contents, at: Self.golden.appendingPathComponent(name), name: "enum-attributes/" + name)
        }
        let swift = files[0].contents
        // The app's values only; the draft has no colour, so the colour is optional; no built-in notification attribute.
        XCTAssertTrue(swift.contains("public var colour: String? {"), swift)
        XCTAssertTrue(swift.contains("public var displayLabel: String {"), swift)
        XCTAssertTrue(swift.contains("case .draft: return nil"), swift)
        XCTAssertFalse(swift.contains("pendingReview"), swift)
        XCTAssertFalse(swift.contains("canBeDisabled"), swift)
        // An enum without attributes has no table.
        XCTAssertFalse(files[2].contents.contains("Attributes"), files[2].contents)
    }

    func testTheSwiftCompilesAndAnswersEachAttribute() throws {
        let output = try EmittedCodeProbe.runSwift(try files().filter { $0.path.hasSuffix(".swift") }, main: """
            var ok = ChatRoomStatus.active.colour == "green" && ChatRoomStatus.draft.colour == nil
            ok = ok && ChatRoomStatus.active.displayLabel == "Open \\"now\\"" && ChatRoomStatus.active.sortsFirst
            ok = ok && !ChatRoomStatus.archived.sortsFirst && ChatRoomStatus(serverValue: "pending_review") == .active
            print(ok ? "OK" : "FAIL")
            """, module: "Attributes")
        if let output { XCTAssertEqual(output, "OK") }
    }

    func testTheTypeScriptPassesDenoAndHoldsTheServerValues() throws {
        try EmittedCodeProbe.assertDeno(try files().filter { $0.path.hasSuffix(".ts") }, folder: "attributes",
                                        test: ("functions/_shared/attributes_test.ts", """
            import { CHAT_ROOM_STATUS_ATTRIBUTES } from "./chatRoomStatus.ts";

            Deno.test("attributes", () => {
              if (CHAT_ROOM_STATUS_ATTRIBUTES.pending_review.colour !== "amber") throw new Error("colour");
              if (!CHAT_ROOM_STATUS_ATTRIBUTES.active.sortsFirst) throw new Error("sortsFirst");
              if ("draft" in CHAT_ROOM_STATUS_ATTRIBUTES) throw new Error("an app-only value is no wire value");
            });

            """))
    }
}
