import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsSuppress
import Foundation
import XCTest

/// The adoption path as the CLI runs it, with a registry loaded from YAML: `rules:` severities, an inline
/// comment, and a baseline written by one run and read back (from `registry.baseline`) by the next.
final class SuppressLoadedRegistryTests: XCTestCase {
    private let registryText = """
        version: 1
        notification_types:
          swift_enum: Kind
          sql: { table: notes, column: kind, constraint: notes_kind_check }
          values:
            - raw: ping
        outputs: { swift: out/swift, typescript: out/ts }
        rules:
          migration-gap: off
          swift-enum-drift: warning
        baseline: ci/accepted-drift.json

        """

    private let files = [
        "database/001_a.sql": "SELECT 1;\nAND kind IN ('pong');\nAND kind IN ('pang'); -- naars-contracts:ignore sql-unknown-literal\n",
        "database/003_c.sql": "SELECT 3;\n",
        "App/Kind.swift": "enum Kind: String {\n    case pong\n}\n",
    ]

    private func checkerOutput() -> [Finding] {
        [
            Finding(.sqlUnknownLiteral, "Literal 'pong' is not a registered notification type.",
                    at: SourceLocation(file: "database/001_a.sql", line: 2, column: 13)),
            Finding(.sqlUnknownLiteral, "Literal 'pang' is not a registered notification type.",
                    at: SourceLocation(file: "database/001_a.sql", line: 3, column: 13)),
            Finding(.migrationGap, "Sequential migration numbers skip 002.",
                    at: SourceLocation(file: "database/003_c.sql", line: 1, column: 1)),
            Finding(.swiftEnumDrift, "Case `pong` is not registered.",
                    at: SourceLocation(file: "App/Kind.swift", line: 2, column: 10)),
        ]
    }

    func testFirstRunThenWriteBaselineThenCleanRun() throws {
        let registry = try RegistryLoader.load(text: registryText, file: "registry.yaml")
        XCTAssertEqual(registry.baseline, "ci/accepted-drift.json")
        var tree = MemoryTree(text: files)

        // First run: gap is off, the inline comment silences 'pang', the enum drift is only a warning.
        let first = FindingFilter.apply(checkerOutput(), registry: registry, tree: tree, baseline: nil)
        XCTAssertEqual(first.map(\.ruleID), ["swift-enum-drift", "sql-unknown-literal"])
        XCTAssertEqual(first.map(\.severity), [.warning, .error])
        XCTAssertEqual(CheckSummary(first).exitCode, 1)

        // `check --write-baseline`: record what is left, at the path the registry names.
        tree.contents[registry.baseline] = Baseline(findings: first, tree: tree).encoded()

        // Next run: everything accepted, exit 0.
        let baseline = try Baseline(data: tree.read(registry.baseline))
        let second = FindingFilter.apply(checkerOutput(), registry: registry, tree: tree, baseline: baseline)
        XCTAssertEqual(second, [])
        XCTAssertEqual(TextReporter().render(second, summary: CheckSummary(second)), "No drift found.\n")

        // A new, identical drift elsewhere in the file still reports.
        tree.contents["database/001_a.sql"] = Data((files["database/001_a.sql"]! + "AND kind IN ('pong');\n").utf8)
        var again = checkerOutput()
        again.append(Finding(.sqlUnknownLiteral, "Literal 'pong' is not a registered notification type.",
                             at: SourceLocation(file: "database/001_a.sql", line: 4, column: 13)))
        let third = FindingFilter.apply(again, registry: registry, tree: tree, baseline: baseline)
        XCTAssertEqual(third.map(\.location.line), [4])
        XCTAssertEqual(CheckSummary(third).exitCode, 1)
    }
}
