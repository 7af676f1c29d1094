import ContractsCore
import ContractsMigrations
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource

/// Every rule unit of every checker, and the rules they report: derived from the checkers' own lists, so a
/// rule a checker runs is never missing from a listing (the SARIF driver, the README table, the registry's
/// `rules:` keys, whose test compares them with this).
public enum RuleCatalog {
    /// Each checker's units, in checker order, each once (`source-nul-byte` serves Swift and TypeScript).
    public static var units: [any DriftRule.Type] {
        var seen = Set<ObjectIdentifier>()
        return (GeneratedFilesCheck.ruleUnits + SQLSourceCheck.ruleUnits + MigrationLint.ruleUnits
            + SwiftSourceCheck.ruleUnits + TypeScriptSourceCheck.ruleUnits)
            .filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The rules the units report, each once, in `Rule.all`'s order (the README's; the SARIF golden depends on it).
    public static var rules: [Rule] {
        let reported = Set(units.map { $0.rule.id })
        return Rule.all.filter { reported.contains($0.id) }
    }
}
