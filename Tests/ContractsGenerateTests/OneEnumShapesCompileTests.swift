import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// The shapes the one-enum model lets a registry say, generated and compiled for real: a push type only the push
/// data carries (no column, no Swift enum), and an app with no notification type whose pushes name a screen. The
/// Swift compiles in Swift 6 mode with warnings as errors and reads a push back to its link; the TypeScript is
/// formatted, lint-clean and type-checks under Deno.
final class OneEnumShapesCompileTests: XCTestCase {
    static let pushType = """
        version: 1
        enums:
          PushType:
            values:
              - { raw: live_signal_received, deep_link: signal }
              - { raw: new_message, deep_link: room }
          RoomStatus:
            swift_enum: RoomStatus
            sql: { table: rooms, column: status }
            values: [active, archived]
        notifications: { enum: PushType, payload_key: type }
        deep_links:
          swift_enum: AppLink
          cases:
            - name: signal
              params: [{ name: id, type: string, payload_key: signal_id }]
            - name: room
              params: [{ name: id, type: uuid, payload_key: room_id }]
        outputs: { swift: Generated, typescript: functions/_shared }
        """

    static let screenLink = """
        version: 1
        enums:
          FixtureStatus:
            swift_enum: FixtureStatus
            sql: { table: fixtures, column: status }
            values: [scheduled, live, finished]
        deep_links:
          swift_enum: AppScreen
          link_key: screen
          cases:
            - name: wallet
            - name: fixture
              params: [{ name: id, type: uuid, payload_key: fixture_id }]
        outputs: { swift: Generated, typescript: functions/_shared }
        """

    func testAPushTypeOnlyThePayloadCarriesCompilesAndReadsAPushBack() throws {
        let registry = try RegistryLoader.load(text: Self.pushType, file: "registry.yaml")
        let swift = SwiftEmitter.emit(registry, digest: "d1")
        XCTAssertEqual(swift.map { ($0.path as NSString).lastPathComponent }.sorted(), ["AppLink.swift", "RoomStatus.swift"],
                       "no Swift for a push type the app declares no enum of")
        try assertCompilesAndRuns(swift, program: """
            let link = AppLink(userInfo: ["deep_link": "room", "room_id": "0C6F0A5E-9E43-4B0F-8E2B-3C1D2A4B5C6D"])
            guard case .room = link else { print("FAIL: \\(String(describing: link))"); exit(1) }
            print("OK")
            """)
        let typescript = TypeScriptEmitter.emit(registry, digest: "d1")
        XCTAssertEqual(typescript.map { ($0.path as NSString).lastPathComponent },
                       ["notificationTypes.ts", "deepLinks.ts", "roomStatus.ts"])
        try assertDenoClean(typescript)
    }

    func testAnAppWithNoNotificationTypeCompilesAndReadsAScreenBack() throws {
        let registry = try RegistryLoader.load(text: Self.screenLink, file: "registry.yaml")
        let swift = SwiftEmitter.emit(registry, digest: "d1")
        try assertCompilesAndRuns(swift, program: """
            let link = AppScreen(userInfo: ["screen": "fixture", "fixture_id": "0C6F0A5E-9E43-4B0F-8E2B-3C1D2A4B5C6D"])
            guard case .fixture = link, AppScreen(userInfo: ["type": "fixture"]) == nil else { print("FAIL"); exit(1) }
            print("OK")
            """)
        let typescript = TypeScriptEmitter.emit(registry, digest: "d1")
        XCTAssertEqual(typescript.map { ($0.path as NSString).lastPathComponent }, ["deepLinks.ts", "fixtureStatus.ts"],
                       "no notificationTypes.ts without a notification type")
        XCTAssertFalse(typescript[0].contents.contains("notificationTypes.ts"), "deepLinks.ts imports no notification type")
        try assertDenoClean(typescript)
    }

    private func assertCompilesAndRuns(_ files: [GeneratedFile], program: String, file: StaticString = #filePath,
                                       line: UInt = #line) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("one-enum-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for generated in files {
            let url = dir.appendingPathComponent((generated.path as NSString).lastPathComponent)
            try generated.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let main = dir.appendingPathComponent("main.swift")
        try ("import Foundation\n" + program + "\n").write(to: main, atomically: true, encoding: .utf8)
        let executable = dir.appendingPathComponent("shape").path
        let compile = try TestProcess.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-warnings-as-errors",
                                                           "-module-name", "Shape", "-o", executable] + sources + [main.path],
                                          combined: true)
        if compile.status == 127 { throw XCTSkip("swiftc is not on PATH") }
        XCTAssertEqual(compile.status, 0, compile.stdout, file: file, line: line)
        guard compile.status == 0 else { return }
        let run = try TestProcess.run(executable, [], combined: true)
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "OK", file: file, line: line)
    }

    private func assertDenoClean(_ files: [GeneratedFile], file: StaticString = #filePath, line: UInt = #line) throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        let folder = "one-enum-\(UUID().uuidString)"
        var paths: [String] = []
        for generated in files {
            let path = folder + "/" + generated.path
            let url = deno.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try generated.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        for arguments in [["fmt", "--no-config", "--check"], ["lint", "--no-config"], ["check", "--no-config", "--no-remote", "--no-lock"]] {
            let run = try deno.run(arguments + paths)
            XCTAssertEqual(run.status, 0, "deno \(arguments[0]):\n\(run.output)", file: file, line: line)
        }
    }
}
