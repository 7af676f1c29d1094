import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// A payload whose keys are JSON keys as an edge function sends them (camelCase, hyphens, a leading underscore,
/// upper case, a `swift_name`): the generated Swift compiles in Swift 6 mode with warnings as errors and decodes
/// those keys; the generated TypeScript is formatted, lint-clean, type-checks and normalizes them under Deno.
/// Map-keyed fields (`map<T>`) are `[String: T]` in Swift and `Record<string, T>` in TypeScript, each value read
/// as its type.
final class JSONKeyPayloadEmitTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: Kind
          typescript_const: KINDS
          sql: { table: events, column: kind, constraint: events_kind_check }
          values:
            - { raw: ping }
        payloads:
          Availability:
            type_name: Availability
            fields:
              availableToPlay: int
              x-trace-id: { type: string, optional: true }
              URL: { type: string, default: "" }
              seat_count: { type: int, default: 0 }
              matchStatus: { type: string, enum: [open, closed_now], optional: true }
              _id: { type: string, optional: true, swift_name: rawId }
              Kind-Name: { type: "[string]", default: [] }
          Member:
            fields:
              name: string
          Roster:
            type_name: Roster
            rpc: get_roster
            fields:
              members: "map<Member>"
              scores: { type: "map<int>", optional: true }
              tags: "[map<string>]"
        migrations:
          - { dir: migrations, scheme: timestamp }
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    private func registry() throws -> Registry { try RegistryLoader.load(text: Self.yaml, file: "registry.yaml") }

    func testTheSwiftPropertiesAndCodingKeys() throws {
        let payload = try XCTUnwrap(SwiftEmitter.emit(registry(), digest: "d1").first { $0.path.hasSuffix("Payloads.swift") })
        for line in ["public let members: [String: Member]", "public let scores: [String: Int]?", "public let tags: [[String: String]]","public let availableToPlay: Int", "public let xTraceId: String?", "public let url: String",
                     "public let rawId: String?", "public let kindName: [String]", "case xTraceId = \"x-trace-id\"",
                     "case url = \"URL\"", "case rawId = \"_id\"", "case kindName = \"Kind-Name\"", "case availableToPlay\n"] {
            XCTAssertTrue(payload.contents.contains(line), line + "\n" + payload.contents)
        }
    }

    func testTheGeneratedSwiftCompilesAndDecodesTheKeysAsSent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("json-keys-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for file in SwiftEmitter.emit(try registry(), digest: "d1") {
            let url = dir.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let main = dir.appendingPathComponent("main.swift")
        try #"""
            import Foundation
            let json = #"{"availableToPlay": 3, "x-trace-id": "t1", "URL": "u", "matchStatus": "closed_now", "_id": "r", "Kind-Name": ["a"]}"#
            let value = try! JSONDecoder().decode(Availability.self, from: Data(json.utf8))
            let expected = Availability(availableToPlay: 3, xTraceId: "t1", url: "u", matchStatus: .closedNow, rawId: "r",
                                        kindName: ["a"])
            guard value == expected, value.seatCount == 0 else { print("FAIL \(value)"); exit(1) }
            guard (try? JSONDecoder().decode(Availability.self, from: Data(#"{"available_to_play": 3}"#.utf8))) == nil else {
                print("FAIL: a snake_case key decoded"); exit(1)
            }
            let roster = try! JSONDecoder().decode(Roster.self, from: Data(#"{"members": {"u1": {"name": "Ann"}}, "tags": [{"a": "b"}]}"#.utf8))
            guard roster == Roster(members: ["u1": Member(name: "Ann")], scores: nil, tags: [["a": "b"]]) else { print("FAIL \(roster)"); exit(1) }
            guard (try? JSONDecoder().decode(Roster.self, from: Data(#"{"members": {"u1": {"name": 3}}, "tags": []}"#.utf8))) == nil else {
                print("FAIL: a map value of another type decoded"); exit(1)
            }
            print("OK")
            """#.write(to: main, atomically: true, encoding: .utf8)
        let executable = dir.appendingPathComponent("json-keys").path
        let compile = try TestProcess.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-warnings-as-errors",
                                                           "-module-name", "JSONKeys", "-o", executable] + sources + [main.path],
                                          combined: true)
        if compile.status == 127 { throw XCTSkip("swiftc is not on PATH") }
        XCTAssertEqual(compile.status, 0, compile.stdout)
        guard compile.status == 0 else { return }
        let run = try TestProcess.run(executable, [], combined: true)
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "OK")
    }

    func testTheGeneratedTypeScriptIsCleanAndNormalizesTheKeysAsSent() throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        var files: [String] = []
        for file in TypeScriptEmitter.emit(try registry()) {
            let path = "json-keys/" + file.path
            let url = deno.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let fmt = try deno.run(["fmt", "--no-config", "--check"] + files)
        XCTAssertEqual(fmt.status, 0, "deno fmt --check:\n\(fmt.output)")
        let lint = try deno.run(["lint", "--no-config"] + files)
        XCTAssertEqual(lint.status, 0, "deno lint:\n\(lint.output)")
        let test = "json-keys/functions/_shared/keys_test.ts"
        try """
            import { normalizeAvailability, normalizeRoster } from "./payloads.ts";
            import type { NormalizedAvailability } from "./payloads.ts";

            Deno.test("keys as sent", () => {
              const raw = JSON.parse(
                '{"availableToPlay": 3, "x-trace-id": "t1", "URL": "u", "matchStatus": "closed_now", "_id": "r", "Kind-Name": ["a"]}',
              );
              const value: NormalizedAvailability = normalizeAvailability(raw);
              if (value.availableToPlay !== 3 || value["x-trace-id"] !== "t1" || value.URL !== "u") throw new Error("read");
              if (value.matchStatus !== "closed_now" || value._id !== "r" || value["Kind-Name"][0] !== "a") throw new Error("read");
              if (value.seat_count !== 0) throw new Error("default");
              let threw = false;
              try {
                normalizeAvailability({ available_to_play: 3 });
              } catch {
                threw = true;
              }
              if (!threw) throw new Error("a snake_case key was read");
            });

            Deno.test("map values are read as their type", () => {
              const roster = normalizeRoster({ members: { u1: { name: "Ann" } }, scores: { a: 1 }, tags: [{ x: "y" }] });
              const scores: Record<string, number> | null = roster.scores;
              if (roster.members.u1.name !== "Ann" || scores?.a !== 1 || roster.tags[0].x !== "y") throw new Error("read");
              let threw = false;
              try {
                normalizeRoster({ members: { u1: { name: 3 } }, tags: [] });
              } catch (error) {
                threw = String(error).includes("Roster.members.u1.name");
              }
              if (!threw) throw new Error("a map value of another type was read");
            });

            """.write(to: deno.root.appendingPathComponent(test), atomically: true, encoding: .utf8)
        let check = try deno.run(["check", "--no-config", "--no-remote", "--no-lock"] + files + [test])
        XCTAssertEqual(check.status, 0, "deno check:\n\(check.output)")
        let run = try deno.run(["test", "--no-config", "--no-remote", "--no-lock", test])
        XCTAssertEqual(run.status, 0, "deno test:\n\(run.output)")
        XCTAssertTrue(run.output.contains("2 passed | 0 failed"), run.output)
    }
}
