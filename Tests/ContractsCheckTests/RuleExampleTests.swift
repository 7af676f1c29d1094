import ContractsBreaking
import ContractsCheck
import ContractsCore
import ContractsGeneratePlan
import ContractsMigrations
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation
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
                XCTAssertEqual(try reported(unit, example), example.markedLocations, "\(unit)",
                               file: example.file, line: example.line)
            }
        }
    }

    func testNonTriggeringExamplesReportNothing() throws {
        for unit in RuleCatalog.units {
            for example in unit.nonTriggeringExamples {
                XCTAssertEqual(example.markedLocations, [], "\(unit): a non-triggering example has a ↓ marker",
                               file: example.file, line: example.line)
                XCTAssertEqual(try reported(unit, example), [], "\(unit)", file: example.file, line: example.line)
            }
        }
    }

    /// Every finding says what to do about it (issue 41): the edit or command that fixes it, or, where nothing
    /// mechanical does, why and who decides. A finding whose `fix` is nil or blank fails here, by rule, for the
    /// examples of every unit (triggering and not: what other rules report there counts too).
    func testEveryFindingOfEveryExampleHasAFix() throws {
        var seen = Set<String>()
        for unit in RuleCatalog.units {
            for example in unit.triggeringExamples + unit.nonTriggeringExamples {
                for finding in try findings(example) {
                    seen.insert(finding.ruleID)
                    XCTAssertFalse((finding.fix ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                                   "\(unit): a \(finding.ruleID) finding at \(finding.location) has no fix: \(finding.message)",
                                   file: example.file, line: example.line)
                }
            }
        }
        // Every rule's findings were looked at.
        XCTAssertEqual(Set(RuleCatalog.units.map { $0.rule.id }).subtracting(seen), [])
    }

    /// Every finding says what it is about as data (issue 40): the baseline and Code Climate key it on its subject,
    /// never on its words. A finding without a subject fails here, by rule, for the examples of every unit.
    func testEveryFindingOfEveryExampleHasASubject() throws {
        var seen = Set<String>()
        for unit in RuleCatalog.units {
            for example in unit.triggeringExamples + unit.nonTriggeringExamples {
                for finding in try findings(example) {
                    seen.insert(finding.ruleID)
                    XCTAssertNotNil(finding.subject, "\(unit): a \(finding.ruleID) finding at \(finding.location) has no subject: \(finding.message)",
                                    file: example.file, line: example.line)
                }
            }
        }
        XCTAssertEqual(Set(RuleCatalog.units.map { $0.rule.id }).subtracting(seen), [])
    }

    /// The byte pre-filters are derived from the rules' needles: a file holding a marked finding must get past
    /// its checker's pre-filter, so a rule whose needle is missing fails here, by name, rather than finding
    /// nothing in real files. (`source-nul-byte` reads every file before any pre-filter.)
    func testEveryMarkedSourceGetsPastThePrefilter() throws {
        let readers = Set((SwiftSourceCheck.ruleUnits + TypeScriptSourceCheck.ruleUnits).map(ObjectIdentifier.init))
        for unit in RuleCatalog.units where readers.contains(ObjectIdentifier(unit)) && unit.rule != .sourceNulByte {
            for example in unit.triggeringExamples {
                let project = example.project
                let registry = try RegistryLoader.load(text: project["registry.yaml"]!, file: "registry.yaml")
                for path in Set(example.markedLocations.map { String($0.split(separator: ":")[0]) }) {
                    let bytes = Data(project[path]!.utf8)
                    if path.hasSuffix(".swift") {
                        XCTAssertTrue(SwiftSourceCheck.prefilterAdmits(bytes, registry: registry), "\(unit): \(path) is skipped",
                                      file: example.file, line: example.line)
                    } else if path.hasSuffix(".ts") {
                        XCTAssertTrue(TypeScriptSourceCheck.prefilterAdmits(bytes, registry: registry), "\(unit): \(path) is skipped",
                                      file: example.file, line: example.line)
                    }
                }
            }
        }
        // The check can fail: a file that names nothing of the contract is skipped.
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry, file: "registry.yaml")
        XCTAssertFalse(SwiftSourceCheck.prefilterAdmits(Data("struct RideCard { let title = \"ride\" }\n".utf8), registry: registry))
        XCTAssertFalse(TypeScriptSourceCheck.prefilterAdmits(Data("export const ride = 1;\n".utf8), registry: registry))
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

    /// The runner must honour what an example asks for: generated output under its files, a base revision.
    func testTheRunnerGeneratesOutputAndPassesTheBaseRevision() throws {
        let bare = RuleExample(["App/Inbox.swift": "let x = 1\n"])
        XCTAssertEqual(try reported(.generatedStale, bare).count, try GenerationPlan.sources(context: context(bare)).sourceFiles.count)
        XCTAssertEqual(try reported(.generatedStale, RuleExample(bare.files, generatedOutput: true)), [])
        let behind = RuleExample.migrations(["001_init.sql", "002_a.sql"], baseRevisionFiles: ["database/003_b.sql"])
        XCTAssertEqual(try reported(.migrationNotNewerThanBase, behind), ["database/001_init.sql:1:1", "database/002_a.sql:1:1"])
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

    /// `file:line:column` of the example's findings under `rule`, sorted: from `check` (with the live database's
    /// findings for an example with a snapshot, and the breaking-change comparison's for one with a registry at
    /// the ref, as `check --against REF` adds them), or from `migrations lint --against` for one with a base revision.
    /// The places of the findings of the unit's rule, or of a rule split from it that the unit reports too
    /// (`swift-unknown-literal-read`: `RuleSplitTests` tells the two apart).
    private func reported(_ unit: any DriftRule.Type, _ example: RuleExample) throws -> [String] {
        try reported(ids: [unit.rule.id] + unit.narrowerRules.map(\.id), example)
    }

    private func reported(_ rule: Rule, _ example: RuleExample) throws -> [String] {
        try reported(ids: [rule.id], example)
    }

    private func reported(ids: [String], _ example: RuleExample) throws -> [String] {
        try findings(example).filter { ids.contains($0.ruleID) }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
    }

    /// Every finding of the example, of every rule.
    private func findings(_ example: RuleExample) throws -> [Finding] {
        let context = try context(example)
        var findings = try example.baseRevisionFiles.map { try MigrationLint.findings(in: context, baseRevisionFiles: $0) }
            ?? ContractCheck.findings(in: context)
        if let live = example.live { findings += try LiveDatabaseFindings.findings(in: context) { _, _ in live } }
        if let text = example.registryAtRef {
            let atRef = try RegistryLoader.load(text: text, file: "registry.yaml")
            findings += BreakingCheck.compare(BreakingFacts(atRef: atRef, working: context.registry, ref: "REF")).findings
        }
        return findings
    }

    /// The example's project, with what `generate` writes beneath its files when it asks for that.
    private func context(_ example: RuleExample) throws -> CheckContext {
        var project = example.project
        let registry = try RegistryLoader.load(text: project["registry.yaml"]!, file: "registry.yaml")
        if example.generatedOutput {
            let plan = try GenerationPlan.sources(context: CheckContext(registry: registry, tree: MemoryTree(text: project)))
            for file in plan.sourceFiles where project[file.path] == nil { project[file.path] = file.contents }
        }
        return CheckContext(registry: registry, tree: MemoryTree(text: project))
    }
}
