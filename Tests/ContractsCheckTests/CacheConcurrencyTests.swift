import ContractsTestSupport
import Foundation
import XCTest

/// Several `check` and `generate` processes on one tree while a Swift file and the registry keep changing
/// (an editor, a build phase and the pre-commit hook at once): whatever the runs left in the cache, the
/// next `check` answers exactly as `check --no-cache` does. Bounded: about three seconds of runs.
final class CacheConcurrencyTests: XCTestCase {
    private let cleanView = """
        struct Item { let kind: NotificationType }
        func isTownHall(_ item: Item) -> Bool { item.kind.rawValue == "town_hall_post" }

        """
    /// An unregistered literal where a notification type is expected: `swift-unknown-literal`.
    private let driftView = """
        struct Item { let kind: NotificationType }
        func isTownHall(_ item: Item) -> Bool { item.kind.rawValue == "town_hall_posts" }

        """

    func testOverlappingRunsWhileFilesChangeLeaveACacheThatAnswersLikeAFullRun() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-concurrent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for item in ["registry.yaml", "database", "generated", "supabase"] {
            try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        let registryURL = root.appendingPathComponent("registry.yaml")
        let viewURL = root.appendingPathComponent("NaarsCars/Views/ItemView.swift")
        try FileManager.default.createDirectory(at: viewURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let registries = [try Data(contentsOf: registryURL),
                          Data(try String(contentsOf: registryURL, encoding: .utf8)
                                .replacingOccurrences(of: "icon: car.fill", with: "icon: car.circle").utf8)]
        XCTAssertNotEqual(registries[0], registries[1])
        let views = [Data(cleanView.utf8), Data(driftView.utf8)]
        try views[0].write(to: viewURL)

        let deadline = Date().addingTimeInterval(3)
        let statuses = LockedStatuses()
        let group = DispatchGroup()
        let commands: [[String]] = [["check"], ["check", "--format", "json"], ["generate"], ["check"]]
        for command in commands {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                while Date() < deadline {
                    let status = (try? CLIHarness.run(command, in: root).status) ?? -1
                    statuses.append(status)
                }
            }
        }
        // The editor: rewrites the view and the registry in place (a reader may see either, or a torn file).
        group.enter()
        DispatchQueue.global().async {
            defer { group.leave() }
            var i = 0
            while Date() < deadline {
                i += 1
                try? views[i % 2].write(to: viewURL)
                if i % 2 == 0 { try? registries[(i / 2) % 2].write(to: registryURL) }
                Thread.sleep(forTimeInterval: 0.013)
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "the runs did not stop")
        XCTAssertGreaterThan(statuses.all.count, 8)
        XCTAssertEqual(statuses.all.filter { !(0...2).contains($0) }, [], "a run crashed or was killed")

        // Two settled states: each as the editor left it, then the other registry and view.
        for round in 0..<2 {
            if round == 1 {
                try registries[0].write(to: registryURL)
                try views[1].write(to: viewURL)
            }
            let full = try CLIHarness.run(["check", "--format", "json", "--no-cache"], in: root)
            for _ in 0..<2 {
                let cached = try CLIHarness.run(["check", "--format", "json"], in: root)
                XCTAssertEqual(cached.status, full.status, "round \(round)")
                XCTAssertEqual(cached.stdout, full.stdout, "round \(round)")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".naars-contracts-cache").path)
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "temporary cache files left behind")
    }
}

/// Exit statuses collected from several threads.
private final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int32] = []

    func append(_ status: Int32) {
        lock.lock()
        statuses.append(status)
        lock.unlock()
    }

    var all: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return statuses
    }
}
