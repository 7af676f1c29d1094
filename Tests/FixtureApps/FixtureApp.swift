import ContractsCheck
import ContractsCore
import ContractsGeneratePlan
import ContractsReport
import ContractsSuppress
import Foundation
import XCTest

/// The fixture apps under `Tests/ContractsCheckTests/Fixtures/`, run through the pipeline as the CLI runs it.
/// Shared by FixtureAppTests (the NaarsCars-like app), RealAppFixtureTests (apps modelled on real apps' shapes)
/// and the `init` tests (which write their registries back).
public enum FixtureApp {
    /// The checked-in fixtures (goldens are read and, with `NAARS_UPDATE_GOLDEN=1`, written here).
    public static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ContractsCheckTests/Fixtures")

    /// A fresh copy of `Fixtures/<name>` in a temporary folder, removed when `test` ends, so no run can touch
    /// another. With `generated`, the generated Swift and TypeScript the fixture does not carry are written into
    /// it: fixtures check in only the generated files that are planted drift, so the rest never goes stale.
    public static func copy(_ name: String, for test: XCTestCase, generated: Bool = true) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: root)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        if generated { try generateMissing(root) }
        return root
    }

    /// The registry at the copy's root and the copy as a file tree.
    public static func load(_ root: URL) throws -> (Registry, FileTree) {
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return (try RegistryLoader.load(text: text, file: "registry.yaml"), DiskTree(root: root))
    }

    /// Checkers, then severities, inline suppressions and the baseline (there is none), as `check` does.
    public static func filteredFindings(_ root: URL) throws -> [Finding] {
        let (registry, tree) = try load(root)
        let raw = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
        return FindingFilter.apply(raw, registry: registry, tree: tree, baseline: nil)
    }

    /// The JSON report `check --format json` prints.
    public static func report(_ root: URL) throws -> String {
        let findings = try filteredFindings(root)
        return ReportFormat.json.reporter().render(findings, summary: CheckSummary(findings))
    }

    /// Writes every generated Swift/TypeScript file the copy does not carry (no migration: fixtures' SQL is hand-written).
    public static func generateMissing(_ root: URL) throws {
        let (registry, tree) = try load(root)
        let plan = try GenerationPlan.sources(context: CheckContext(registry: registry, tree: tree))
        for file in plan.sourceFiles where !FileManager.default.fileExists(atPath: root.appendingPathComponent(file.path).path) {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }
}
