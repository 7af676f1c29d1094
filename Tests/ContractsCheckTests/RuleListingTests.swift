import ContractsCheck
import ContractsCore
import Foundation
import XCTest

/// The places that list every rule stay equal to `Rule.all`: the registry schema's `rules:` keys (editors
/// complete and validate them) and the README's rules table (id and default severity), in the same order.
final class RuleListingTests: XCTestCase {
    func testSchemaRuleKeysAreRuleAll() throws {
        let url = CLIHarness.repoRoot.appendingPathComponent("registry.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let properties = schema?["properties"] as? [String: Any]
        let rules = properties?["rules"] as? [String: Any]
        let names = (rules?["propertyNames"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(names, Rule.all.map(\.id))
    }

    func testReadmeRulesTableIsRuleAll() throws {
        let readme = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "\n## Rules\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { row in
            row.split(separator: "|").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        XCTAssertEqual(rows, Rule.all.map { "`\($0.id)` \($0.defaultSeverity.rawValue)" })
    }

    /// `Rule.all` is derived from the checkers' units: every rule a unit reports is in it once, and nothing else.
    func testRuleAllIsWhatTheUnitsReport() {
        XCTAssertEqual(Set(Rule.all.map(\.id)), Set(RuleCatalog.units.map { $0.rule.id }))
        XCTAssertEqual(Set(Rule.all.map(\.id)).count, Rule.all.count)
        XCTAssertEqual(Rule.named("migration-gap"), .migrationGap)
        XCTAssertNil(Rule.named("migration-gaps"))
    }

    /// The registry's `rules:` accepts exactly the catalog's ids, as the CLI loads it: an unknown id is an error
    /// at its key (with a suggestion), a known one of any checker is accepted.
    func testRulesKeysAreCheckedAgainstTheCatalog() throws {
        let base = RuleExample.baseRegistry
        XCTAssertNoThrow(try RegistryLoader.load(text: base + "rules: { migration-edited: off, generated-stale: warning }\n",
                                                 file: "registry.yaml", ruleIDs: RuleCatalog.ids))
        XCTAssertThrowsError(try RegistryLoader.load(text: base + "rules: { generated-stal: off }\n",
                                                     file: "registry.yaml", ruleIDs: RuleCatalog.ids)) { error in
            let errors = (error as? RegistryErrors)?.errors ?? []
            XCTAssertEqual(errors.map(\.message), ["unknown key 'generated-stal' in rules; did you mean 'generated-stale'?"])
            XCTAssertEqual(errors.first?.location, SourceLocation(file: "registry.yaml", line: 18, column: 10))
        }
    }

    /// `Rule.payloadShapeDrift`'s doc comment is the one place that says which reader owns which part of the
    /// rule: a unit that starts reporting it must be added there (and this list updated with it).
    func testPayloadShapeDriftOwnersAreTheDocumentedOnes() {
        let owners = RuleCatalog.units.filter { $0.rule == .payloadShapeDrift }.map { String(reflecting: $0) }
        XCTAssertEqual(owners, [
            "ContractsSQL.PayloadShapeRule", "ContractsSQL.PushKeyRule", "ContractsSwiftSource.PayloadShapeRule",
            "ContractsTypeScriptSource.PayloadShapeRule", "ContractsTypeScriptSource.PayloadInterfaceRule",
        ], "a new reader of payload keys: add its row to Rule.payloadShapeDrift's table")
    }
}
