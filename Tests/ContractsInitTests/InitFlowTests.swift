import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init` reads the app the way the app reads itself, on Tests/Fixtures/init-flow-app (its hand-written
/// registry.yaml is the expected result):
/// - two enums with associated values: `DeepLink`, which `DeepLinkParser.parse(userInfo:)` builds from the push
///   payload (returned, through `guard let`, `.map { .favor(id: $0) }`, `.map { rideId in … }`, `DeepLink.ride(…)`
///   and a `var link: DeepLink?` assigned in an `if let`), and the larger `NavigationIntent`, which the push
///   router builds from a `DeepLink` (`case .conversation(let id): return .conversation(id: id)`) after binding
///   an `id` from `userInfo["favor_id"]` for analytics: the decoy `id` that once gave every parameter `favor_id`;
/// - `switch self` properties with statements before the `switch`: `#if DEBUG _ = Self.registryValidation #endif`
///   (icon), `_ =` (canBeDisabled), `guard` (preferenceKey), `let` and a call (badgeTab);
/// - `switch self` properties that are no attribute, each listed with why: prose, a computed value, a `Set`, an
///   `if` before the `switch`, a `Bool`.
final class InitFlowTests: XCTestCase {
    /// The fixture copied to a temporary folder, its registry.yaml (the expected one) removed, then `init` run.
    private func initialised(_ arguments: [String] = []) throws -> (root: URL, result: CLIHarness.Result) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-init-flow-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/init-flow-app"), to: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml"))
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return (root, try CLIHarness.run(["init"] + arguments, in: root))
    }

    private func expected() throws -> Registry {
        try RegistryLoader.load(contentsOf: CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/init-flow-app/registry.yaml"),
                                file: "registry.yaml")
    }

    func testInitWritesTheHandWrittenRegistry() throws {
        let (root, result) = try initialised()
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try RegistryLoader.load(contentsOf: root.appendingPathComponent("registry.yaml"), file: "registry.yaml")
        // The one parameter no push read gives a key: init writes a guess (and says so, below) where the team
        // writes the key its server sends.
        var expected = try expected()
        let profile = try XCTUnwrap(expected.deepLinks?.cases.firstIndex { $0.name == "profile" })
        expected.deepLinks?.cases[profile].params[0].payloadKey = "profile_user_id"
        XCTAssertEqual(RegistryDifferences.list(written, expected), [])
        XCTAssertEqual(written.deepLink(named: "profile")?.params.map(\.payloadKey), ["profile_user_id"])
        XCTAssertEqual(written.deepLink(named: "conversation")?.params.map(\.payloadKey), ["conversation_id"],
                       "not the favor_id the router binds to another `id` for analytics")

        let summary = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(summary.contains("  deep links   DeepLink: 8 cases (App/Push/DeepLink.swift:4), built from push payloads at App/Push/DeepLinkParser.swift:5"),
                      result.stdout)
        XCTAssertTrue(summary.contains("  no key read  DeepLink.profile userId: no push-payload read of it found; payload_key profile_user_id is a guess: review"),
                      result.stdout)
        XCTAssertTrue(summary.contains("  swift enum   NotificationType: 7 cases, 10 switch-self properties (App/Models/NotificationType.swift:5)"),
                      result.stdout)
        let leftOut = summary.filter { $0.hasPrefix("  left out     NotificationType.") }
        XCTAssertEqual(leftOut, [
            "  left out     NotificationType.title (App/Models/NotificationType.swift:79): returns prose (\"Added to a conversation\"), not a key; no attribute written",
            "  left out     NotificationType.sortRank (App/Models/NotificationType.swift:91): `.message` returns `Self.baseRank + 1`, not a constant; no attribute written",
            "  left out     NotificationType.affectedDomains (App/Models/NotificationType.swift:99): returns Set<AppDomain>, not String, Int or Bool; no attribute written",
            "  left out     NotificationType.sound (App/Models/NotificationType.swift:108): its `switch self` is not what the getter returns (an `if`, a loop or a `return` comes before it, or statements after it); no attribute written",
            "  left out     NotificationType.showsInInbox (App/Models/NotificationType.swift:116): returns Bool: UI logic, which stays in the app; no attribute written",
        ], result.stdout)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(text.contains("  # not registered: sortRank at App/Models/NotificationType.swift:91: `.message` returns `Self.baseRank + 1`, not a constant\n"),
                      text)
    }

    /// `check` with the registry init wrote: nothing but the generated files not generated yet. The same registry
    /// with the key the old guess wrote for every id (`favor_id`) is drift on both sides: the check does judge
    /// those reads and sends.
    func testCheckWithTheRegistryInitWroteFindsNoDeepLinkOrPayloadKeyDrift() throws {
        let (root, result) = try initialised()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try rules(check(root)), ["generated-stale"])

        let registry = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: registry, encoding: .utf8)
        let guessed = text.replacingOccurrences(of: #"payload_key: (conversation_id|ride_id|town_hall_post_id)"#,
                                                with: "payload_key: favor_id", options: .regularExpression)
        XCTAssertNotEqual(guessed, text)
        try Data(guessed.utf8).write(to: registry)
        XCTAssertEqual(try rules(check(root)), ["generated-stale", "swift-deeplink-drift", "ts-payload-key-drift"])
    }

    func testDeepLinkEnumFlagPicksTheEnum() throws {
        let (_, pinned) = try initialised(["--dry-run", "--deep-link-enum", "NavigationIntent"])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        let registry = try RegistryLoader.load(text: pinned.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.deepLinks?.swiftEnum, "NavigationIntent")
        XCTAssertEqual(registry.deepLinks?.cases.count, 12)

        // An enum without associated values may be the deep-link enum too; a class or an unknown name may not.
        let (_, plain) = try initialised(["--dry-run", "--deep-link-enum", "AppDomain"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(try RegistryLoader.load(text: plain.stdout, file: "registry.yaml").deepLinks?.swiftEnum, "AppDomain")
        for name in ["PushRouter", "Deeplink"] {
            let (root, refused) = try initialised(["--deep-link-enum", name])
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertEqual(refused.stderr, "error: --deep-link-enum \(name) names no enum with cases in the Swift sources; "
                + "the enums with associated values: DeepLink, NavigationIntent\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path), "nothing written")
        }
    }

    private func check(_ root: URL) throws -> CLIHarness.Result {
        try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
    }

    /// The rule ids of a JSON report, each once, sorted.
    private func rules(_ result: CLIHarness.Result) throws -> [String] {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr)
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        return Set(findings.compactMap { $0["rule"] as? String }).sorted()
    }
}
