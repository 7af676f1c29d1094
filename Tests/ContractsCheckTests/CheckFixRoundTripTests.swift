import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// `check --fix` through the CLI on every drift fixture app: what is left afterwards is exactly the findings that
/// cannot be fixed mechanically (the planted findings less the ones listed here as fixed), the fixed Swift still
/// parses (and type-checks, where the file did on its own before), the fixed TypeScript still passes `deno check`,
/// a second run fixes nothing, and `--dry-run` prints the diff (a golden file) and writes nothing.
final class CheckFixRoundTripTests: XCTestCase {
    /// Per app: the findings the fix resolves, as `rule file` and a piece of the message; the files it changes.
    static let fixedByApp: [(app: String, fixed: [(String, String)], files: Int)] = [
        ("app-drift", [
            ("swift-enum-drift NaarsCars/Core/Models/AppNotification.swift", "has raw value \"review_requested\""),
            ("swift-attribute-drift NaarsCars/Core/Models/AppNotification.swift", "\"hand.thumbsup\" for .townHallReaction"),
            ("ts-const-drift supabase/functions/send-notification/index.ts", "lacks 'broadcast'"),
            ("ts-unknown-literal-read supabase/functions/send-notification/index.ts", "'town_hall_comments'"),
        ], 2),
        ("carpool-app-drift", [
            ("swift-attribute-drift Carpool/Models/NotificationType.swift", "\"post_id\" for .townHallPost, .townHallReply"),
        ], 1),
        ("kinds-app-drift", [
            ("swift-unknown-literal KindsApp/Services/FamilyNotifier.swift", "\"admin_broadcasts\""),
            ("ts-unknown-literal supabase/functions/chores-sync/index.ts", "'chore_reassigned'"),
            ("ts-unknown-literal supabase/functions/weekly-digest/index.ts", "'weekly_digests'"),
        ], 3),
        ("match-app-drift", [], 0),
        ("splitwise-chat-app", [
            ("swift-enum-drift App/Models/Invite.swift", "value \"opened\""),
            ("swift-unknown-literal-read App/Services/PushRouter.swift", "\"roomArchive\""),
            ("ts-const-drift supabase/functions/_shared/types.ts", "lacks 'revoked'"),
            ("ts-const-drift supabase/functions/moderation-report/index.ts", "lacks 'media_asset'"),
        ], 4),
    ]

    func testWhatIsLeftIsExactlyWhatCannotBeFixedMechanically() throws {
        var typeChecked = 0, denoChecked = 0
        for (app, fixed, fileCount) in Self.fixedByApp {
            let root = try copy(app)
            let before = try FixtureApp.filteredFindings(root).map(Self.key)
            for (id, piece) in fixed {
                XCTAssertEqual(before.filter { $0.id == id && $0.message.contains(piece) }.count, 1, "\(app): \(id) \(piece)")
            }
            let expected = before.filter { finding in !fixed.contains { finding.id == $0.0 && finding.message.contains($0.1) } }
            let files = Self.sources(root)

            let run = try CLIHarness.run(["check", "--fix", "--no-cache", "--format", "json"], in: root)
            XCTAssertEqual(run.status, 1, "\(app): errors remain\n\(run.stderr)")
            XCTAssertEqual(try Self.reported(run.stdout).sorted(), expected.sorted(), app)
            XCTAssertTrue(run.stderr.hasSuffix("Fixed \(fixed.count) finding(s) in \(fileCount) file(s).\n")
                          || run.stderr.contains("Fixed \(fixed.count) finding(s) in \(fileCount) file(s). Generated files"),
                          "\(app): \(run.stderr)")

            let changed = Self.sources(root).filter { files[$0.key] != $0.value }.map(\.key).sorted()
            XCTAssertEqual(changed.count, fileCount, "\(app): \(changed)")
            for path in changed where path.hasSuffix(".swift") {
                XCTAssertEqual(try Self.swiftc(["-parse"], root.appendingPathComponent(path)), true, "\(app): \(path) does not parse")
                let original = FileManager.default.temporaryDirectory.appendingPathComponent("naars-fix-\(UUID().uuidString).swift")
                try files[path]!.write(to: original)
                defer { try? FileManager.default.removeItem(at: original) }
                // A file that type-checks on its own (no other module) must still do so.
                if try Self.swiftc(["-typecheck"], original) == true {
                    XCTAssertEqual(try Self.swiftc(["-typecheck"], root.appendingPathComponent(path)), true, "\(app): \(path)")
                    typeChecked += 1
                }
            }
            if app == "splitwise-chat-app" {
                let typeScript = changed.filter { $0.hasSuffix(".ts") }
                XCTAssertEqual(typeScript.count, 2)
                if try denoCheck(typeScript, in: root) { denoChecked += typeScript.count }
            }

            let fixedSources = Self.sources(root)
            let again = try CLIHarness.run(["check", "--fix", "--no-cache", "--format", "json"], in: root)
            XCTAssertTrue(again.stderr.contains("Fixed 0 finding(s) in 0 file(s)."), "\(app): \(again.stderr)")
            XCTAssertEqual(Self.sources(root), fixedSources, "\(app): a second run changed something")
        }
        // The checks above must have run: Invite.swift and Carpool's NotificationType.swift stand alone.
        if try Self.swiftc(["-parse"], URL(fileURLWithPath: "/dev/null")) != nil { XCTAssertEqual(typeChecked, 2) }
        if ProcessInfo.processInfo.environment["NAARS_TEST_DENO"] != nil { XCTAssertEqual(denoChecked, 2) }
    }

    func testDryRunPrintsTheDiffAndWritesNothing() throws {
        let root = try copy("splitwise-chat-app")
        let before = CLIHarness.snapshot(root)
        let run = try CLIHarness.run(["check", "--fix", "--dry-run", "--no-cache"], in: root)
        // Nothing is written: the exit code is plain `check`'s on the tree as it is (errors are left).
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(check.status, run.status)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let errors = try XCTUnwrap(document["findings"] as? [[String: Any]]).filter { $0["severity"] as? String == "error" }.count
        XCTAssertGreaterThan(errors, 4)
        XCTAssertEqual(run.stderr, "Would fix 4 finding(s) in 4 file(s); nothing written. \(errors - 4) errors would remain "
                       + "(`naars-contracts check` lists them).\n")
        try assertGolden(run.stdout, at: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/check-fix/splitwise-chat-app.diff"))
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    /// A file edited between the check and the write is not overwritten: exit 2, nothing written.
    func testAFileThatChangedBeforeTheWriteStopsTheFix() throws {
        let root = try CLIHarness.project([
            "registry.yaml": RuleExample.baseRegistry,
            "database/001_init.sql": SourceFixTests.table,
            "App/Inbox.swift": "enum NotificationType: String {\n    case message\n    case rideUpdate = \"ride_update\"\n}\nlet t = NotificationType(rawValue: \"mesage\")\n",
        ])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry, file: "registry.yaml")
        let tree = SnapshotTree(DiskTree(root: root))
        let fix = SourceFix.plan(try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree)), registry: registry, tree: tree)
        XCTAssertEqual(fix.files.map(\.path), ["App/Inbox.swift"])
        let edited = "// edited meanwhile\n" + fix.files[0].old
        try edited.write(to: root.appendingPathComponent("App/Inbox.swift"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try fix.write(root: root, registry: registry)) { error in
            XCTAssertEqual("\(error)", "App/Inbox.swift:1:1: error: changed while `check --fix` ran; nothing was written: run it again")
        }
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("App/Inbox.swift"), encoding: .utf8), edited)
    }

    func testDryRunNeedsFixAndFixRefusesStaged() throws {
        let root = try CLIHarness.project(["registry.yaml": RuleExample.baseRegistry])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(try CLIHarness.run(["check", "--dry-run"], in: root).status, 2)
        XCTAssertEqual(try CLIHarness.run(["check", "--fix", "--staged"], in: root).status, 2)
    }

    // MARK: - Helpers

    struct Key: Comparable, CustomStringConvertible {
        var id: String, message: String
        var description: String { "\(id): \(message)" }
        static func < (a: Key, b: Key) -> Bool { (a.id, a.message) < (b.id, b.message) }
    }

    /// A finding without its line and column: a line added above moves the findings below it.
    static func key(_ finding: Finding) -> Key { Key(id: "\(finding.ruleID) \(finding.location.file)", message: finding.message) }

    static func reported(_ json: String) throws -> [Key] {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (document?["findings"] as? [[String: Any]] ?? []).map {
            Key(id: "\($0["rule"] ?? "") \($0["file"] ?? "")", message: "\($0["message"] ?? "")")
        }
    }

    func copy(_ app: String) throws -> URL {
        app == "splitwise-chat-app" ? try SharedEnumsFixtureTests.copy(app, for: self) : try FixtureApp.copy(app, for: self)
    }

    /// Every Swift and TypeScript file below `root` with its bytes.
    static func sources(_ root: URL) -> [String: Data] {
        CLIHarness.snapshot(root).filter { $0.key.hasSuffix(".swift") || $0.key.hasSuffix(".ts") }
            .reduce(into: [:]) { $0[String($1.key.dropFirst())] = $1.value.0 }
    }

    /// Whether `swiftc` accepts the file; nil when there is no swiftc.
    static func swiftc(_ mode: [String], _ file: URL) throws -> Bool? {
        let result = try TestProcess.run("swiftc", mode + [file.path])
        return result.status == 127 ? nil : result.status == 0
    }

    /// `deno check` of `paths` with the splitwise app's stubs for its npm: and jsr: imports; false without deno.
    func denoCheck(_ paths: [String], in root: URL) throws -> Bool {
        guard let deno = ProcessInfo.processInfo.environment["NAARS_TEST_DENO"], !deno.isEmpty else { return false }
        let support = SharedEnumsFixtureTests.fixtures.appendingPathComponent("splitwise-chat-app-support/deno")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("naars-deno-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try TestProcess.run(deno, ["check", "--quiet", "--import-map", support.appendingPathComponent("import_map.json").path] + paths,
                                         in: root, extraEnvironment: ["DENO_DIR": cache.path, "DENO_NO_UPDATE_CHECK": "1", "NO_COLOR": "1"],
                                         combined: true)
        XCTAssertEqual(result.status, 0, "deno check: \(result.stdout)")
        return true
    }
}
