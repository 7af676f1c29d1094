import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// The generators on `attributes`, `scope` and `retired`: free-string attribute values (quotes, backslashes, `\(`, `${`, newlines,
/// unicode) survive into Swift and TypeScript byte for byte; custom attributes become `switch self` properties
/// and TypeScript attribute fields; `scope` splits the surfaces (Swift: app values; TypeScript and SQL: server
/// values); retired values are generated nowhere.
final class ScopeAndAttributeEmitterTests: XCTestCase {
    static let yaml = #"""
        version: 1
        notification_types:
          swift_enum: Kind
          typescript_const: KINDS
          sql: { table: events, column: kind, constraint: events_kind_check }
          attributes:
            entity_id_key: entityIdKey
            sorts_first: { swift: sortsFirst, type: bool }
            sort_rank: { swift: sortRank, type: int }
            label: { swift: label, type: string }
          retired: [old_ping]
          values:
            - raw: ping
              icon: "dot \"radio\" \\ ${x} \\(y) `t`"
              preference_key: notifyPings
              entity_id_key: ping_id
              sorts_first: true
              sort_rank: -2
              label: "line one\nline two\ttab — ünïcode 🚗 \u2028 end"
            - raw: pong
              icon: "it's */ <!-- -->"
              preference_key: "notify.pongs \"all\""
              entity_id_key: null
              sorts_first: false
              sort_rank: 7
              label: "\\n is not a newline; ${'${'}"
            - raw: ui_only
              scope: app
              icon: eye
              sorts_first: true
              sort_rank: 0
              label: app
            - raw: legacy
              scope: server
              icon: archive
              entity_id_key: legacy_id
              sorts_first: false
              sort_rank: 1
              label: "say \"hi\" 'bye' \"x\""
        migrations:
          - { dir: migrations, scheme: sequential }
        outputs:
          swift: Generated
          typescript: functions/_shared
        """#

    private func registry() throws -> Registry { try RegistryLoader.load(text: Self.yaml, file: "registry.yaml") }

    func testSwiftEnumHoldsAppValuesAndCustomAttributesWithTheirTypes() throws {
        let registry = try registry()
        let text = try XCTUnwrap(SwiftEmitter.emit(registry, digest: "d").first { $0.path.hasSuffix("/Kind.swift") }).contents
        XCTAssertTrue(text.contains("case uiOnly = \"ui_only\""), text)
        XCTAssertFalse(text.contains("\"legacy\""), "a server-only value is no Swift case")
        XCTAssertFalse(text.contains("old_ping"), "a retired value is generated nowhere")
        XCTAssertTrue(text.contains("public var entityIdKey: String? {"), "null and unset make it optional")
        XCTAssertTrue(text.contains("public var sortsFirst: Bool {"))
        XCTAssertTrue(text.contains("public var sortRank: Int {"))
        XCTAssertTrue(text.contains("case .ping: return -2"))
        XCTAssertTrue(text.contains("public var label: String {"), "the server-only null does not count in Swift")
    }

    func testTypeScriptAndSQLHoldServerValuesOnly() throws {
        let registry = try registry()
        let ts = try XCTUnwrap(TypeScriptEmitter.emit(registry, digest: "d").first { $0.path.hasSuffix("notificationTypes.ts") })
            .contents
        XCTAssertTrue(ts.contains("LEGACY: \"legacy\","), ts)
        XCTAssertFalse(ts.contains("ui_only"), "an app-only value is no wire value")
        XCTAssertFalse(ts.contains("old_ping"))
        XCTAssertTrue(ts.contains("readonly entityIdKey: string | null;"), ts)
        XCTAssertTrue(ts.contains("readonly sortRank: number;"), ts)
        XCTAssertTrue(ts.contains("readonly sortsFirst: boolean;"), ts)
        let sql = SQLEmitterFixtures.notificationMigration(registry, digest: "d")
        XCTAssertTrue(sql.contains("'legacy'"), sql)
        XCTAssertFalse(sql.contains("'ui_only'"), sql)
        XCTAssertFalse(sql.contains("old_ping"), sql)
    }

    /// The values as the registry holds them, by raw and property, as sorted-key JSON: what both programs must print.
    /// The TypeScript table always has the badge (null without badges), never the icon.
    private func expectedJSON(_ registry: Registry, typescript: Bool, scope: (ValueScope) -> Bool) throws -> String {
        var out: [String: [String: Any]] = [:]
        let types = registry.notificationTypes!
        for value in types.values where scope(value.scope) {
            var row: [String: Any] = [:]
            let columns = typescript ? types.typeScriptAttributeColumns() : types.attributeColumns(hasBadges: false)
            for column in columns {
                switch column.value(value) {
                case .null: row[column.property] = NSNull()
                case .string(let s): row[column.property] = s
                case .bool(let b): row[column.property] = b
                case .int(let i): row[column.property] = i
                }
            }
            out[value.raw] = row
        }
        return try canonical(out)
    }

    private func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The last line a program printed, parsed and written back as sorted-key JSON.
    private func printedJSON(_ output: String) throws -> String {
        let line = try XCTUnwrap(output.split(separator: "\n").last, output)
        return try canonical(try JSONSerialization.jsonObject(with: Data(line.utf8)))
    }

    func testSwiftCompilesAndReturnsEveryStringByteForByte() throws {
        let registry = try registry()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("attributes-swift-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for file in SwiftEmitter.emit(registry, digest: "d") {
            let url = dir.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let main = dir.appendingPathComponent("main.swift")
        try """
            import Foundation
            func json(_ v: Any?) -> Any { v ?? NSNull() }
            var table: [String: [String: Any]] = [:]
            for k in Kind.allCases {
                table[k.rawValue] = ["icon": json(k.icon), "canBeDisabled": k.canBeDisabled,
                                     "preferenceKey": json(k.preferenceKey), "entityIdKey": json(k.entityIdKey),
                                     "sortsFirst": k.sortsFirst, "sortRank": k.sortRank, "label": k.label]
            }
            let data = try! JSONSerialization.data(withJSONObject: table, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            """.write(to: main, atomically: true, encoding: .utf8)
        let executable = dir.appendingPathComponent("attributes").path
        let compile = try run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Attributes",
                                               "-o", executable] + sources + [main.path])
        if compile.status == 127 { throw XCTSkip("swiftc is not on PATH") }
        XCTAssertEqual(compile.status, 0, compile.output)
        guard compile.status == 0 else { return }
        let result = try run(executable, [])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try printedJSON(result.output), try expectedJSON(registry, typescript: false) { $0.inApp })
    }

    func testTypeScriptIsCleanAndHoldsEveryStringByteForByte() throws {
        let registry = try registry()
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        var paths: [String] = []
        try FileManager.default.createDirectory(at: deno.root.appendingPathComponent("attributes"), withIntermediateDirectories: true)
        for file in TypeScriptEmitter.emit(registry, digest: "d") {
            let path = "attributes/" + (file.path as NSString).lastPathComponent
            try file.contents.write(to: deno.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // Icons are the app's concern: the TypeScript table has the other attributes.
        try """
            import { KIND_ATTRIBUTES } from "./notificationTypes.ts";
            console.log(JSON.stringify(KIND_ATTRIBUTES));
            """.write(to: deno.root.appendingPathComponent("attributes/print.ts"), atomically: true, encoding: .utf8)
        let fmt = try deno.run(["fmt", "--no-config", "--check"] + paths)
        XCTAssertEqual(fmt.status, 0, "deno fmt --check:\n\(fmt.output)")
        let lint = try deno.run(["lint", "--no-config"] + paths)
        XCTAssertEqual(lint.status, 0, "deno lint:\n\(lint.output)")
        let printed = try deno.run(["run", "--no-config", "--no-remote", "--no-lock", "--check", "attributes/print.ts"])
        XCTAssertEqual(printed.status, 0, printed.output)
        guard printed.status == 0 else { return }
        XCTAssertEqual(try printedJSON(printed.output), try expectedJSON(registry, typescript: true) { $0.onServer })
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try TestProcess.run(path, arguments, combined: true)
        return (result.status, result.stdout)
    }
}
