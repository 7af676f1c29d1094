import ContractsCheck
import ContractsCore
import XCTest

/// Runs every rule unit's examples through the whole `check` pipeline (pre-filters included), as SwiftLint's
/// example tests do: a triggering example must report exactly its `↓` places under the unit's rule id, a
/// non-triggering one nothing under it.
final class RuleExampleTests: XCTestCase {
    func testEveryUnitHasBothKindsOfExamples() {
        for unit in RuleCatalog.units {
            XCTAssertFalse(unit.triggeringExamples.isEmpty, "\(unit) has no triggering example")
            XCTAssertFalse(unit.nonTriggeringExamples.isEmpty, "\(unit) has no non-triggering example")
        }
    }

    func testTriggeringExamplesReportExactlyTheMarkedFindings() throws {
        for unit in RuleCatalog.units {
            for example in unit.triggeringExamples {
                XCTAssertFalse(example.markedLocations.isEmpty, "\(unit): a triggering example marks no finding with ↓",
                               file: example.file, line: example.line)
                XCTAssertEqual(try reported(unit.rule, example), example.markedLocations, "\(unit)",
                               file: example.file, line: example.line)
            }
        }
    }

    func testNonTriggeringExamplesReportNothing() throws {
        for unit in RuleCatalog.units {
            for example in unit.nonTriggeringExamples {
                XCTAssertEqual(example.markedLocations, [], "\(unit): a non-triggering example has a ↓ marker",
                               file: example.file, line: example.line)
                XCTAssertEqual(try reported(unit.rule, example), [], "\(unit)", file: example.file, line: example.line)
            }
        }
    }

    /// A `db-*` rule judges a live database: an example without one would pass by reporting nothing.
    func testLiveDatabaseRulesExamplesHoldASnapshot() {
        for unit in RuleCatalog.units where unit.rule.id.hasPrefix("db-") {
            for example in unit.triggeringExamples + unit.nonTriggeringExamples {
                XCTAssertNotNil(example.live, "\(unit): an example without a live database", file: example.file, line: example.line)
            }
        }
    }

    /// A runner that ignored the markers or the rule would pass every example: one planted mistake must fail.
    func testAWrongMarkerIsCaught() throws {
        let example = RuleExample(["database/001_init.sql": "CREATE TABLE t (id bigint);\nSELEC ↓1;\n"])
        XCTAssertEqual(example.markedLocations, ["database/001_init.sql:2:7"])
        XCTAssertEqual(try reported(.sqlSyntaxError, example), ["database/001_init.sql:2:1"])
    }

    /// A breaking-change example compared with no registry at the ref, or the runner ignoring `registryAtRef`,
    /// would pass its non-triggering examples: the comparison must see the ref's registry.
    func testABreakingExampleComparesWithTheRegistryAtTheRef() throws {
        let example = RuleExample(registryAtRef: RuleExample.baseRegistry,
                                  registry: RuleExample.baseRegistry.replacingOccurrences(of: "  values:", with: "  ↓values:")
                                      .replacingOccurrences(of: "    - raw: ride_update\n", with: ""))
        XCTAssertEqual(try reported(.breakingTypeRemoved, example), example.markedLocations)
        XCTAssertEqual(example.markedLocations, ["registry.yaml:7:3"])
    }

    /// `file:line:column` of the example's findings under `rule`, sorted: every checker's, and with a registry at
    /// the ref, the breaking-change comparison's (as `check --against REF` adds them).
    private func reported(_ rule: Rule, _ example: RuleExample) throws -> [String] {
        let project = example.project
        let registry = try RegistryLoader.load(text: project["registry.yaml"]!, file: "registry.yaml")
        let context = CheckContext(registry: registry, tree: MemoryTree(text: project))
        var findings = try ContractCheck.findings(in: context)
        if let live = example.live { findings += try LiveDatabaseFindings.findings(in: context) { _ in live } }
        if let text = example.registryAtRef {
            let atRef = try RegistryLoader.load(text: text, file: "registry.yaml")
            findings += BreakingCheck.compare(BreakingFacts(atRef: atRef, working: registry, ref: "REF")).findings
        }
        return findings.filter { $0.ruleID == rule.id }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
    }
}
