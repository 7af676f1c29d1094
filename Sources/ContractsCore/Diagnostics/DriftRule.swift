/// One rule as one unit, the shape SwiftLint gives its rules: the rule it reports (id, default severity, one-line
/// description), examples of code that triggers it and code that does not, and the function that turns the
/// facts a reader produced into findings.
///
/// Each checker lists its units (`SQLSourceCheck.ruleUnits`, `SwiftSourceCheck.ruleUnits`, ...); the
/// catalog every listing, the SARIF driver and the README table follow is derived from those lists
/// (`RuleCatalog` in ContractsCheck), and one test runs every unit's examples. Several units may report one
/// id when one question is answered by several readers (`payload-shape-drift`: see `Rule.payloadShapeDrift`).
public protocol DriftRule<Facts> {
    /// What the checker's reader hands each of its rules: parsed migrations, parsed Swift files, a lexed
    /// TypeScript file.
    associatedtype Facts

    /// The rule this unit reports.
    static var rule: Rule { get }

    /// The rules split off from `rule` that the unit reports some of its findings under instead (each one's
    /// `parent` is `rule`): a dead branch (`swift-unknown-literal-read`) apart from a broken write.
    static var narrowerRules: [Rule] { get }

    /// Small projects in which the rule reports exactly the findings marked `↓` (at least one).
    static var triggeringExamples: [RuleExample] { get }

    /// Small projects in which the rule reports nothing: the decoys it must not mistake for drift.
    static var nonTriggeringExamples: [RuleExample] { get }

    /// The findings in `facts`, with the rule's default severity, in any order.
    static func findings(_ facts: Facts) -> [Finding]
}

extension DriftRule {
    public static var narrowerRules: [Rule] { [] }

    /// Whether the unit reads a source's raw bytes before any reader parses it (`source-nul-byte`,
    /// `swift-source-too-deep`): such rules are listed with the ones that cut across checkers.
    public static var readsSourceBytes: Bool { Facts.self == SourceBytes.self }
}
