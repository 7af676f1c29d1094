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

    /// `Rule.all` is the vocabulary the registry's `rules:` accepts (decoded before any checker exists), so it
    /// cannot be derived in Core; it must equal what the checkers' rule units report, in the same order.
    func testRuleAllHoldsEveryRuleAUnitReports() {
        let reported = Set(RuleCatalog.units.map { $0.rule.id })
        XCTAssertEqual(reported.subtracting(Rule.all.map(\.id)), [], "a unit reports a rule Rule.all lacks")
        XCTAssertEqual(RuleCatalog.rules.map(\.id), Rule.all.map(\.id).filter(reported.contains))
    }
}
