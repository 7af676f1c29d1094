import ContractsBreaking
import ContractsCore
import ContractsMigrations
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource

/// Every rule unit of every checker, and the rules they report: derived from the checkers' own lists. `Rule.all`
/// (ContractsRules, which the reporters, suppressions and the git hook use without linking any reader) is the same
/// list written out; a test holds the two equal, so a rule a checker runs is never missing from a listing.
public enum RuleCatalog {
    /// Each checker of the project's files, in the order `check` runs them. A new checker is added here.
    static var checkers: [[any DriftRule.Type]] {
        [GeneratedFilesCheck.ruleUnits, SQLSourceCheck.ruleUnits, MigrationLint.ruleUnits,
         SwiftSourceCheck.ruleUnits, TypeScriptSourceCheck.ruleUnits, RPCPayloadCheck.ruleUnits,
         PushContractCheck.ruleUnits, SchemaNamesCheck.ruleUnits, EdgeFunctionCheck.ruleUnits]
    }

    /// Each checker of something other than the project's files (the live database, `check --database-url`;
    /// the registry at a base ref, `check --against REF`): their rules are listed after every rule about the files.
    static var otherCheckers: [[any DriftRule.Type]] { [LiveDatabaseCheck.ruleUnits, BreakingCheck.ruleUnits] }

    /// Each checker's units, checker by checker (files first, then other sources): one surface's units each.
    public static var unitsByChecker: [[any DriftRule.Type]] { checkers + otherCheckers }

    /// Each checker's units, in checker order, each once (`source-nul-byte` serves Swift and TypeScript).
    public static var units: [any DriftRule.Type] {
        var seen = Set<ObjectIdentifier>()
        return (checkers + otherCheckers).joined().filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The rules the units report, each once, in the README's order: checker by checker, the rules that only
    /// that checker reports (in the order of its units); then, in order of first appearance, the rules that
    /// cut across checkers: those several checkers report (`payload-shape-drift`) and those read from a
    /// source's raw bytes before any reader parses it (`source-nul-byte`, `swift-source-too-deep`); then the
    /// rules of the checkers of other sources, checker by checker (`db-*`, `breaking-*`).
    public static let rules: [Rule] = {
        var checkersOf: [String: Set<Int>] = [:]
        for (index, units) in checkers.enumerated() {
            for unit in units { checkersOf[unit.rule.id, default: []].insert(index) }
        }
        let crossCutting = { (unit: any DriftRule.Type) in unit.readsSourceBytes || checkersOf[unit.rule.id]!.count > 1 }
        var seen = Set<String>()
        let ordered = checkers.joined().filter { !crossCutting($0) } + checkers.joined().filter(crossCutting)
            + otherCheckers.joined()
        // A rule split off from another (`swift-unknown-literal-read`) is listed right after it.
        return ordered.flatMap { [$0.rule] + $0.narrowerRules }.filter { seen.insert($0.id).inserted }
    }()

    /// The ids the registry's `rules:` may name.
    public static var ids: [String] { rules.map(\.id) }
}

