import ContractsCore
import ContractsTestSupport
import XCTest
@testable import ContractsTypeScriptSource

/// The rules walk tokens by index with partners that may be missing: random soups of the very tokens they
/// look for must never crash or hang, whatever the registry.
final class RuleRobustnessTests: XCTestCase {
    static let vocabulary = [
        "{", "}", "(", ")", "[", "]", ",", ":", ";", ".", "?.", "!", "=", "===", "=>", "...", "?", "??", "`${", "}`",
        "/", "'", "\"", "type", "notification_type", "kind", "'message'", "'ride_claimd'", "data", "counts", "rpc",
        "'get_badge_counts'", "'driver_unread_summary'", "const", "let", "await", "supabase", "switch", "case",
        "for", "of", "function", "sendPushNotification", "NOTIFICATION_TYPES", "DRIVER_NOTIFICATION_KINDS", "aps",
        "ride_id", "trip_id", "insert", "from", "'notifications'", "'driver_notifications'", "request_details",
        "map", "find", "0", "\n", "// c", "/* c", "total",
    ]

    func testRandomTokenSoupsNeverCrash() throws {
        let registries = [try TestRegistries.naarsCars(), try TestRegistries.driverApp()]
        // Seeded, so a crash can be replayed: the seed is printed first (NAARS_TEST_SEED=<seed> replays it).
        var generator = SeededRandom("testRandomTokenSoupsNeverCrash")
        for round in 0..<400 {
            let count = Int.random(in: 1...80, using: &generator)
            let text = (0..<count).map { _ in RuleRobustnessTests.vocabulary.randomElement(using: &generator)! }
                .joined(separator: round % 2 == 0 ? " " : "")
            for registry in registries {
                _ = TypeScriptSourceCheck.findings(inFile: "f.ts", text: text, registry: registry)
            }
        }
    }

    func testDeeplyNestedInputStaysLinear() throws {
        let registry = try TestRegistries.naarsCars()
        let text = String(repeating: "f({ type: 'message', a: [", count: 2000) + String(repeating: "]})", count: 2000)
        let started = Date()
        _ = TypeScriptSourceCheck.findings(inFile: "f.ts", text: text, registry: registry)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
