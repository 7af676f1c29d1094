import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init` reads the app the way its build does (Tests/Fixtures/init-layout-app: an XcodeGen `project.yml`): test
/// targets (`NaarsCarsTests/`, `NaarsCarsUITests/`, and `Snapshots/`, a test target only the spec names) and a
/// folder no target compiles (`Assets/`) stay out of `sources`, the generated Swift goes to a folder of the app
/// target, the generated SQL to the folder the Supabase CLI applies although a legacy `database/` folder holds
/// migrations too, the unnamed CHECK's name is written, and the emitters and push keys are those the SQL queue
/// function, its wrapper and the `_shared/` TypeScript sender show. Then `check` finds nothing `init` caused.
final class InitLayoutTests: XCTestCase {
    static let fixture = CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/init-layout-app")

    private func initialised() throws -> (root: URL, summary: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-layout-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.expected.yaml"))
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (root, result.stdout)
    }

    private func load(_ url: URL, as name: String = "registry.yaml") throws -> Registry {
        try RegistryLoader.load(text: try String(contentsOf: url, encoding: .utf8), file: name)
    }

    func testInitWritesTheHandWrittenRegistry() throws {
        let (root, summary) = try initialised()
        let written = try load(root.appendingPathComponent("registry.yaml"))
        let expected = try load(Self.fixture.appendingPathComponent("registry.expected.yaml"), as: "registry.expected.yaml")
        XCTAssertEqual(RegistryDifferences.list(written, expected), [])
        // What RegistryDifferences leaves out: the outputs, the excludes, and the constraint as written.
        XCTAssertEqual([written.outputs.swift, written.outputs.typescript, written.outputs.sql ?? "-"],
                       [expected.outputs.swift, expected.outputs.typescript, expected.outputs.sql ?? "-"])
        XCTAssertEqual(written.sources.exclude, expected.sources.exclude)
        XCTAssertEqual(written.notificationTypes!.sql!.constraint, "notifications_type_check",
                       "the name the summary prints: " + summary)
        XCTAssertTrue(summary.contains("CHECK notifications_type_check"), summary)
        for line in [
            "  left out     NaarsCarsTests/ (test target NaarsCarsTests in project.yml: tests feed values the contract rejects on purpose)",
            "  left out     NaarsCarsUITests/ (test target NaarsCarsUITests in project.yml: tests feed values the contract rejects on purpose)",
            "  left out     Snapshots/ (test target NaarsCarsSnapshots in project.yml: tests feed values the contract rejects on purpose)",
            "  left out     Assets/ (no target in project.yml compiles it)",
            "  outputs      swift NaarsCars/Generated (a folder of target NaarsCars in project.yml); sql supabase/migrations (the folder the Supabase CLI applies)",
        ] {
            XCTAssertTrue(summary.contains(line + "\n"), "missing \(line) in\n\(summary)")
        }
    }

    /// Before `generate`, the only findings are the generated files not written yet (no Swift: init keeps the app's
    /// own enum with `generate: false`); after it, none at all.
    func testCheckFindsNothingInitCaused() throws {
        let (root, _) = try initialised()
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        let findings = check.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }.map(String.init)
        XCTAssertEqual(findings.map { place($0, in: root) },
                       ["supabase/functions/_shared/generated/notificationTypes.ts:1:1"],
                       check.stdout)
        XCTAssertTrue(findings.allSatisfy { $0.hasSuffix("(generated-stale)") }, check.stdout)
        let next = try CLIHarness.run(["migrations", "new", "add ride index"], in: root)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.hasPrefix("supabase/migrations/2"), next.stdout)
    }

    /// The decoys are real: the test targets, the stray `Assets/` script and the push-token function, read as
    /// init declines to read them, are findings.
    func testTheDecoysWouldBeFindings() throws {
        let (root, _) = try initialised()
        let url = root.appendingPathComponent("registry.yaml")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: #"  swift: ["NaarsCars/**/*.swift"]"#, with: #"  swift: ["**/*.swift"]"#)
        text = text.replacingOccurrences(of: "  sql:\n", with: "  sql:\n    - { function: register_push_token, argument: 2 }\n")
        try Data(text.utf8).write(to: url)
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        let unknown = check.stdout.split(separator: "\n").filter { $0.hasSuffix("-unknown-literal)") || $0.hasSuffix("-unknown-literal-read)") }.map { place(String($0), in: root) }
        XCTAssertEqual(unknown, [
            "Assets/AssetCatalogCheck.swift:4:40",
            "NaarsCarsTests/NotificationTypeDecodingTests.swift:9:49",
            "NaarsCarsUITests/PushUITests.swift:8:51",
            "Snapshots/NotificationRowSnapshots.swift:7:49",
            "database/003_ride_notifications.sql:19:47",
        ], check.stdout)
    }

    /// An `INSERT ... SELECT` of a parameter and an arrow-function sender are emitters; with no `push_keys` from the
    /// app's reads, the keys their pushes send stay harmless data and none are written.
    func testArrowSendersInsertSelectAndNoPushKeysWithoutReads() throws {
        let root = try CLIHarness.project([
            "supabase/migrations/20250101000000_notifications.sql": """
                CREATE TABLE public.notifications (user_id uuid, kind text NOT NULL CHECK (kind IN ('chat', 'invite')));
                CREATE FUNCTION public.notify(p_user uuid, p_kind text) RETURNS void LANGUAGE sql AS $$
                  INSERT INTO public.notifications (user_id, kind) SELECT p_user, p_kind WHERE p_user IS NOT NULL;
                $$;
                """,
            "supabase/functions/_shared/notify.ts": """
                export const sendKindPush = async (client: unknown, userId: string, kind: string, data: Record<string, string>) => {
                  return { client, userId, kind, data };
                };
                """,
            "supabase/functions/chat/index.ts": """
                import { sendKindPush } from "../_shared/notify.ts";
                await sendKindPush(null, "u", "chat", { chat_id: "c" });
                """,
            "App/NotificationKind.swift": "enum NotificationKind: String { case chat, invite }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.emitters.sql.map { "\($0.function) \($0.argument ?? 0)" }, ["public.notify 2"])
        XCTAssertEqual(registry.emitters.typescript.map { "\($0.function) \($0.argument ?? 0)" }, ["sendKindPush 3"])
        XCTAssertEqual(registry.pushKeys.map(\.key), [])
    }

    /// `file:line:col` of an xcode-format line, relative to `root`.
    private func place(_ line: String, in root: URL) -> String {
        let place = line.components(separatedBy: ": ").first ?? ""
        let prefix = root.lastPathComponent + "/"
        return place.range(of: prefix).map { String(place[$0.upperBound...]) } ?? place
    }

    /// SwiftPM: the executable and library targets' paths are the sources, a test target (one nested in the app's
    /// folder too) is excluded, and the generated Swift goes to the target that declares the enum.
    func testPackageManifestTargets() throws {
        let root = try CLIHarness.project([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Driver",
                    targets: [
                        .executableTarget(name: "DriverApp", dependencies: [.target(name: "DriverKit")], path: "App"),
                        .target(name: "DriverKit"),
                        .testTarget(name: "DriverChecks", dependencies: [.target(name: "DriverKit")], path: "App/Checks"),
                    ]
                )
                """,
            "App/Main.swift": "let kind = NotificationKind(rawValue: \"pickup\")\n",
            "App/Checks/KindChecks.swift": "let bad = NotificationKind(rawValue: \"not_a_real_kind\")\n",
            "Sources/DriverKit/NotificationKind.swift": "public enum NotificationKind: String { case pickup, dropoff, delay }\n",
            "Scripts/Stray.swift": "print(1)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.sources.swift, ["App/**/*.swift", "Sources/DriverKit/**/*.swift"])
        XCTAssertEqual(registry.sources.exclude, ["App/Checks/**"])
        XCTAssertEqual(registry.outputs.swift, "Sources/DriverKit/Generated")
    }

    /// An `.xcodeproj` (Xcode 16's synchronised folders, and a classic group whose file its target's sources phase
    /// lists): the app's folder is the source and the output's home; the test target's folder is left out.
    func testXcodeProjectTargets() throws {
        let root = try CLIHarness.project([
            "Carpool.xcodeproj/project.pbxproj": Self.pbxproj,
            "Carpool/Models/RideNotification.swift": "enum RideNotification: String { case offered, claimed, done }\n",
            "Widget/RideWidget.swift": "let kind = RideNotification(rawValue: \"offered\")\n",
            "Specs/RideNotificationSpecs.swift": "let bad = RideNotification(rawValue: \"not_a_real_kind\")\n",
            "Assets/Stray.swift": "print(1)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.sources.swift, ["Carpool/**/*.swift", "Widget/**/*.swift"])
        XCTAssertEqual(registry.outputs.swift, "Carpool/Generated")
    }

    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tAA0000000000000000000001 /* Carpool */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = Carpool;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000002 /* Specs */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = Specs;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000003 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000001 /* Carpool */,
        \t\t\t\tAA0000000000000000000002 /* Specs */,
        \t\t\t\tAA0000000000000000000004 /* Widget */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000004 /* Widget */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000005 /* RideWidget.swift */,
        \t\t\t);
        \t\t\tpath = Widget;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000005 /* RideWidget.swift */ = {isa = PBXFileReference; path = RideWidget.swift; sourceTree = "<group>"; };
        \t\tAA0000000000000000000006 /* RideWidget.swift in Sources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000005 /* RideWidget.swift */; };
        \t\tAA0000000000000000000007 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tAA0000000000000000000006 /* RideWidget.swift in Sources */,
        \t\t\t);
        \t\t};
        \t\tAA0000000000000000000010 /* Carpool */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tAA0000000000000000000001 /* Carpool */,
        \t\t\t);
        \t\t\tname = Carpool;
        \t\t\tproductName = Carpool;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tAA0000000000000000000011 /* CarpoolSpecs */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tAA0000000000000000000002 /* Specs */,
        \t\t\t);
        \t\t\tname = CarpoolSpecs;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        \t\tAA0000000000000000000012 /* Widget */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tAA0000000000000000000007 /* Sources */,
        \t\t\t);
        \t\t\tname = Widget;
        \t\t\tproductType = "com.apple.product-type.app-extension";
        \t\t};
        \t\tAA0000000000000000000020 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tattributes = {
        \t\t\t\tTargetAttributes = {
        \t\t\t\t\tAA0000000000000000000010 = {
        \t\t\t\t\t\tCreatedOnToolsVersion = 16.0;
        \t\t\t\t\t};
        \t\t\t\t};
        \t\t\t};
        \t\t\tmainGroup = AA0000000000000000000003;
        \t\t\ttargets = (
        \t\t\t\tAA0000000000000000000010 /* Carpool */,
        \t\t\t\tAA0000000000000000000011 /* CarpoolSpecs */,
        \t\t\t\tAA0000000000000000000012 /* Widget */,
        \t\t\t);
        \t\t};
        \t};
        \trootObject = AA0000000000000000000020 /* Project object */;
        }
        """
}
