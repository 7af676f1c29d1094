import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// A fixture app under Tests/Fixtures with a hand-written `registry.expected.yaml`: copies of it for `init` (without
/// the expected registry) or for `check` (with it as registry.yaml), and the findings `generate` then `check` give.
struct InitFixtureApp {
    var name: String

    var folder: URL { CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/\(name)") }

    func copy(handWritten: Bool = false, _ test: XCTestCase) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: folder, to: root)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("registry.expected.yaml")
        if handWritten {
            try FileManager.default.moveItem(at: expected, to: root.appendingPathComponent("registry.yaml"))
        } else {
            try FileManager.default.removeItem(at: expected)
        }
        return root
    }

    func expected() throws -> Registry {
        try RegistryLoader.load(text: try String(contentsOf: folder.appendingPathComponent("registry.expected.yaml"), encoding: .utf8),
                                file: "registry.expected.yaml")
    }

    /// `generate` then `check`'s findings (no notes), paths relative to the copy, sorted.
    static func findings(_ root: URL) throws -> [String] {
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        return check.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
            .map { $0.replacingOccurrences(of: root.path + "/", with: "") }.sorted()
    }
}
