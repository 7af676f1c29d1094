import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsSuppress
import XCTest

final class SuppressFilterTests: XCTestCase {
    private let tree = MemoryTree(text: [
        "App/Type.swift": "enum T {\n    case a // naars-contracts:ignore swift-enum-drift\n    case b\n}\n",
        "database/129_x.sql": "SELECT 1;\n",
    ])

    func testRegistrySeveritiesOverrideAndOffDrops() {
        let registry = SuppressFixtures.registry(rules: ["migration-gap": .error, "swift-enum-drift": .off])
        let gap = SuppressFixtures.finding("migration-gap", "database/129_x.sql", line: 1, severity: .warning)
        let drift = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 3)
        let untouched = SuppressFixtures.finding("swift-attribute-drift", "App/Type.swift", line: 3, severity: .note)
        let out = FindingFilter.apply([gap, drift, untouched], registry: registry, tree: tree, baseline: nil)
        XCTAssertEqual(out.map(\.ruleID), ["swift-attribute-drift", "migration-gap"])
        XCTAssertEqual(out.first { $0.ruleID == "migration-gap" }?.severity, .error)
        XCTAssertEqual(out.first { $0.ruleID == "swift-attribute-drift" }?.severity, .note, "unmentioned rules keep theirs")
    }

    /// `migration-bad-name` gives an hour-24 timestamp a warning and other bad names an error; a `rules:` entry
    /// still sets the severity of every finding of the rule.
    func testRuleOverrideAppliesToFindingsWhoseSeverityTheCheckerChose() {
        let hour24 = SuppressFixtures.finding("migration-bad-name", "supabase/migrations/20250104240000_x.sql", line: 1, severity: .warning)
        let badMonth = SuppressFixtures.finding("migration-bad-name", "supabase/migrations/20251304120000_y.sql", line: 1)
        for (setting, expected) in [(RuleSeverity.error, Severity.error), (.note, .note)] {
            let registry = SuppressFixtures.registry(rules: ["migration-bad-name": setting])
            let out = FindingFilter.apply([hour24, badMonth], registry: registry, tree: tree, baseline: nil)
            XCTAssertEqual(out.map(\.severity), [expected, expected])
        }
        let off = FindingFilter.apply([hour24, badMonth], registry: SuppressFixtures.registry(rules: ["migration-bad-name": .off]),
                                      tree: tree, baseline: nil)
        XCTAssertEqual(off, [])
    }

    func testRegistryWithoutRulesChangesNothing() {
        let findings = [SuppressFixtures.finding("migration-gap", "database/129_x.sql", line: 1, severity: .warning)]
        XCTAssertEqual(FindingFilter.apply(findings, registry: SuppressFixtures.registry(), tree: tree, baseline: nil), findings)
    }

    func testAppliesInlineCommentsThenBaselineAndSortsForReport() {
        let registry = SuppressFixtures.registry()
        let ignored = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 2)
        let accepted = SuppressFixtures.finding("migration-gap", "database/129_x.sql", line: 1, severity: .warning)
        let fresh = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 3)
        let baseline = Baseline(findings: [accepted], tree: tree)
        let out = FindingFilter.apply([accepted, fresh, ignored], registry: registry, tree: tree, baseline: baseline)
        XCTAssertEqual(out, [fresh])
        let withoutBaseline = FindingFilter.apply([accepted, fresh, ignored], registry: registry, tree: tree, baseline: nil)
        XCTAssertEqual(withoutBaseline, [fresh, accepted], "sorted: App/ before database/")
        XCTAssertEqual(CheckSummary(out).exitCode, 1)
    }

    func testAWarningOnlyResultExitsZero() {
        let registry = SuppressFixtures.registry(rules: ["swift-enum-drift": .warning])
        let out = FindingFilter.apply([SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 3)],
                                      registry: registry, tree: tree, baseline: nil)
        XCTAssertEqual(out.map(\.severity), [.warning])
        XCTAssertEqual(CheckSummary(out).exitCode, 0)
    }
}
