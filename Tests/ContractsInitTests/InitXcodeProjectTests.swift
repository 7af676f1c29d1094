import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init` on an app whose Xcode project lists its files group-relative (Tests/Fixtures/init-xcodeproj-app, the
/// shape of an app `init` once read as only `NaarsCars/NaarsCars/`): the project sits in `NaarsCars/`, its
/// `NaarsCars` group has only a name, so `Core/Models/NotificationType.swift` below it is
/// `NaarsCars/Core/Models/NotificationType.swift`; the `Services` group's path is `Core/Services`; the app delegate is
/// `SOURCE_ROOT`-relative inside a group whose path would mislead; `UI/` is an Xcode 16 synchronised folder whose
/// exception set leaves a preview out of the app and adds the badge to the widget. Decoys: a scratch file by
/// absolute path and a generated one in `BUILT_PRODUCTS_DIR` in the app's sources phase, two test targets,
/// `Scripts/` (in a group, compiled by no target, declaring an enum that shares values with the notification
/// types) and an old screen no project file names.
final class InitXcodeProjectTests: XCTestCase {
    static let fixture = CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/init-xcodeproj-app")

    private func copy() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-xcodeproj-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.expected.yaml"))
        return root
    }

    private func initialise(_ root: URL) throws -> (registry: Registry, summary: String) {
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return (try RegistryLoader.load(text: text, file: "registry.yaml"), result.stdout)
    }

    /// The hand-written registry comes back: the enum is read where only the groups' paths lead (its icons, its
    /// deep links), and the sources take in every file the app and widget compile and none of the tests or strays.
    func testInitReadsTheFilesTheProjectCompiles() throws {
        let root = try copy()
        let (written, summary) = try initialise(root)
        let expected = try RegistryLoader.load(
            text: try String(contentsOf: Self.fixture.appendingPathComponent("registry.expected.yaml"), encoding: .utf8),
            file: "registry.expected.yaml")
        XCTAssertEqual(RegistryDifferences.list(written, expected), [])
        XCTAssertEqual(written.enums.map(\.name), expected.enums.map(\.name))
        XCTAssertEqual(written.sources.exclude, expected.sources.exclude)
        XCTAssertEqual(written.outputs.swift, expected.outputs.swift)
        XCTAssertEqual(written.notificationTypes!.values.compactMap(\.icon).count, 5)

        let swift = try DiskTree(root: root).files(matching: written.sources.swift, excluding: written.sources.exclude)
        XCTAssertEqual(swift, [
            "NaarsCars/App/AppDelegate.swift",
            "NaarsCars/Core/Models/NotificationType.swift",
            "NaarsCars/Core/Services/DeepLink.swift",
            "NaarsCars/Core/Services/PushRouter.swift",
            "NaarsCars/Features/Messaging/Views/ConversationsListView.swift",
            "NaarsCars/Features/Rides/RideDetailView.swift",
            "NaarsCars/Features/Rides/RideStatus.swift",
            "NaarsCars/NaarsCars/ContentView.swift",
            "NaarsCars/NaarsCars/NaarsCarsApp.swift",
            "NaarsCars/NaarsCarsWidget/NaarsCarsWidget.swift",
            "NaarsCars/UI/Components/Badge.swift",
        ])
        let project = "NaarsCars/NaarsCars.xcodeproj/project.pbxproj"
        for line in [
            "  swift enum   NotificationType: 5 cases, 1 switch-self property (NaarsCars/Core/Models/NotificationType.swift:4)",
            "  deep links   DeepLink: 3 cases (NaarsCars/Core/Services/DeepLink.swift:4), built from push payloads at NaarsCars/Core/Services/PushRouter.swift:5",
            "  left out     NaarsCars/NaarsCarsTests/ (test target NaarsCarsTests in \(project): tests feed values the contract rejects on purpose)",
            "  left out     NaarsCars/NaarsCarsUITests/ (test target NaarsCarsUITests in \(project): tests feed values the contract rejects on purpose)",
            "  left out     NaarsCars/Features/Rides/RideDetailView_Old.swift (no target in \(project) compiles it)",
            "  left out     NaarsCars/Scripts/ (no target in \(project) compiles it)",
            "  left out     NaarsCars/UI/Previews/ (no target in \(project) compiles it)",
            "  left out     NaarsCars/Scripts/ declares enum IconSet (NaarsCars/Scripts/GenerateIcons.swift:4), 3 values shared with "
                + "public.notifications.type (supabase/migrations/20250302143000_town_hall.sql:3): not read; if the app compiles it, "
                + "remove \"NaarsCars/Scripts/**\" from sources.exclude",
        ] {
            XCTAssertTrue(summary.contains(line + "\n"), "missing \(line) in\n\(summary)")
        }
        XCTAssertFalse(summary.contains("  sources  "), summary)
    }

    /// Before `generate`, the only findings are the generated files not written yet; after it, none. With every
    /// Swift file read instead, the decoys init left out are findings: they are real.
    func testCheckFindsNothingInitCausedAndTheDecoysAreReal() throws {
        let root = try copy()
        _ = try initialise(root)
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        let findings = check.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        XCTAssertTrue(!findings.isEmpty && findings.allSatisfy { $0.hasSuffix("(generated-stale)") }, check.stdout)
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let clean = try CLIHarness.run(["check", "--no-cache"], in: root)
        XCTAssertEqual(clean.status, 0, clean.stdout)

        let url = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: #"  swift: ["NaarsCars/**/*.swift"]"#, with: #"  swift: ["**/*.swift"]"#)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  exclude:") }.joined(separator: "\n")
        try Data(text.utf8).write(to: url)
        let everything = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        let places = everything.stdout.split(separator: "\n").filter { $0.hasSuffix("(swift-unknown-literal-read)") }
            .compactMap { $0.components(separatedBy: root.lastPathComponent + "/").last?.components(separatedBy: ": ").first }
        XCTAssertEqual(places, [
            "NaarsCars/Features/Rides/RideDetailView_Old.swift:6:41",
            "NaarsCars/NaarsCarsTests/NotificationTypeTests.swift:9:49",
            "NaarsCars/NaarsCarsUITests/PushUITests.swift:8:49",
            "NaarsCars/UI/Previews/DesignSystemPreviews.swift:5:44",
        ], everything.stdout)
    }

    /// A project file that does not parse (a merge left its conflict markers): every Swift folder outside the tests
    /// is read, the stray `Scripts/` too, and the summary says why.
    func testAnUnreadableProjectFallsBackToEverySwiftFolder() throws {
        let root = try copy()
        let pbxproj = root.appendingPathComponent("NaarsCars/NaarsCars.xcodeproj/project.pbxproj")
        var text = try String(contentsOf: pbxproj, encoding: .utf8)
        text = text.replacingOccurrences(of: "/* Begin PBXGroup section */", with: "<<<<<<< HEAD\n/* Begin PBXGroup section */")
        try Data(text.utf8).write(to: pbxproj)
        let (written, summary) = try initialise(root)
        XCTAssertEqual(written.sources.swift, ["NaarsCars/**/*.swift"])
        XCTAssertEqual(written.sources.exclude, ["NaarsCars/NaarsCarsTests/**", "NaarsCars/NaarsCarsUITests/**"])
        XCTAssertEqual(written.notificationTypes!.swiftEnum, "NotificationType")
        let line = summary.split(separator: "\n").first { $0.hasPrefix("  sources  ") }.map(String.init) ?? ""
        XCTAssertTrue(line.hasPrefix("  sources      every Swift folder outside the tests, as the project files were not read with confidence: "
            + "NaarsCars/NaarsCars.xcodeproj/project.pbxproj could not be read (line "), summary)
        XCTAssertTrue(line.hasSuffix("unexpected `<`); review sources.swift"), line)
        XCTAssertFalse(summary.contains("no target in"), summary)
    }

    /// A folder left out (no target of the spec compiles it, a test target's) that declares an enum the database or
    /// the TypeScript shares is named, with the enum's place and the edit that reads it; one declaring an enum
    /// nothing shares (`Theme`) is only left out.
    func testALeftOutFolderDeclaringASharedEnumIsNamed() throws {
        let root = try CLIHarness.project([
            "project.yml": "targets:\n  App:\n    type: application\n    sources: [App]\n  AppTests:\n    type: bundle.unit-test\n    sources: [Checks]\n",
            "App/Main.swift": "enum NotificationKind: String { case chat, invite }\n",
            "App/Feed.swift": "struct Feed {}\n",
            "App/Rides.swift": "struct Rides {}\n",
            "App/Profile.swift": "struct Profile {}\n",
            "Legacy/RideState.swift": "import Foundation\n\nenum RideState: String {\n    case requested, claimed, completed\n}\n",
            "Legacy/Theme.swift": "enum Theme: String { case light, dark }\n",
            "Legacy/Plan.swift": "enum Plan: String { case free, pro }\n",
            "supabase/functions/billing/index.ts": "export type Plan = 'free' | 'pro' | 'team'\n",
            "Checks/Fakes.swift": "enum FakeRideState: String { case requested, claimed }\n",
            "supabase/migrations/20250101000000_init.sql": """
                CREATE TABLE public.notifications (kind text NOT NULL CHECK (kind IN ('chat', 'invite')));
                CREATE TABLE public.rides (state text NOT NULL CHECK (state IN ('requested', 'claimed', 'completed')));
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (written, summary) = try initialise(root)
        XCTAssertEqual(written.sources.swift, ["App/**/*.swift"])
        XCTAssertEqual(summary.split(separator: "\n").filter { $0.contains(" declares enum ") }, [
            "  left out     Checks/ declares enum FakeRideState (Checks/Fakes.swift:1), 2 values shared with public.rides.state "
                + "(supabase/migrations/20250101000000_init.sql:2): not read; if the app compiles it, add \"Checks/**/*.swift\" to sources.swift",
            "  left out     Legacy/ declares enum Plan (Legacy/Plan.swift:1), 2 values shared with typescript union Plan "
                + "(supabase/functions/billing/index.ts:1): not read; if the app compiles it, add \"Legacy/**/*.swift\" to sources.swift",
            "  left out     Legacy/ declares enum RideState (Legacy/RideState.swift:3), 3 values shared with public.rides.state "
                + "(supabase/migrations/20250101000000_init.sql:2): not read; if the app compiles it, add \"Legacy/**/*.swift\" to sources.swift",
        ], summary)
    }
}
