/// A drift or lint rule: a stable id, its default severity and what it is about.
///
/// Every rule is declared in this module (`RuleList.swift`, and here the two that belong to no one checker: one
/// several readers report, `payload-shape-drift`, and the breaking-change rules, whose ids the registry decoder
/// checks `accept_breaking:` against). It depends on nothing, so the reporters, suppressions and the git hook name
/// rules without linking the readers; ContractsCore re-exports it.
public struct Rule: Hashable, Sendable {
    public let id: String
    public let defaultSeverity: Severity
    public let summary: String
    /// The broader rule this one was split from (`swift-unknown-literal-read` from `swift-unknown-literal`), whose
    /// id still names this rule's findings wherever a project named it before the split: a `rules:` severity, an
    /// inline ignore, a baseline entry, `check --only-rule`. This rule's own id, where named, wins.
    public let parent: String?

    /// `narrowing`: the rule this one splits findings off from (see `parent`).
    public init(_ id: String, _ defaultSeverity: Severity, _ summary: String, narrowing parent: Rule? = nil) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.parent = parent?.id
    }
}

extension Rule {
    /// One id for users (one `rules:` entry, one suppression: "a payload's keys differ from the registry"),
    /// answered by nine units in three readers and three checkers that join them. Each owns one part, and only that part:
    ///
    /// | reader     | unit                                  | owns                                                    |
    /// |------------|---------------------------------------|---------------------------------------------------------|
    /// | SQL        | `PayloadShapeRule` (ContractsSQL)     | the objects a payload's `rpc` returns (required fields on every path, no extra key) |
    /// | SQL        | `PushKeyRule`                         | the keys a SQL push builder sends, when `push_keys` is declared |
    /// | Swift      | `PayloadShapeRule` (ContractsSwiftSource) | the keys a `Decodable` type named like a payload, or decoded where its `rpc` is called, reads |
    /// | TypeScript | `PayloadShapeRule` (ContractsTypeScriptSource) | the properties read from a registered RPC's result |
    /// | TypeScript | `PayloadInterfaceRule`                | the keys an `interface` named like a payload declares  |
    /// | Swift + SQL | `RPCPayloadRule` (ContractsCheck)    | with no registry entry: the keys a `Decodable` type decoded from `.rpc("name")` needs, against what that function returns |
    /// | Swift + SQL | `SelectDecodeRule` (ContractsCheck)  | with no registry entry: the keys a `Decodable` type decoded from `.from("t").select("…")` needs, against the columns the select returns |
    /// | Swift + TypeScript | `EnumPushKeyRule` (ContractsCheck) | with no registry entry: a push key read through a `switch self` property of the notification enum, against the keys pushes of its types send |
    /// | Swift + TypeScript | `TypelessPushKeyRule` (ContractsCheck) | with no registry entry: the keys a push without a type key sends, against the keys the app's push handlers read |
    ///
    /// A new reader of payload keys adds its row here (and to the README's row for this rule).
    public static let payloadShapeDrift = Rule("payload-shape-drift", .error, "Keys read or returned for a payload differ from the registry's fields.")

    // Breaking changes since a git ref (`check --against REF`): their units are in ContractsBreaking, and
    // `RuleListingTests` keeps `breaking` equal to `BreakingCheck.units`.
    public static let breakingTypeRemoved = Rule("breaking-type-removed", .error, "A value of an enum the registry at the base ref has is gone without being moved to `retired`, or the enum or a column of it was removed: rows and shipped apps still hold it.")
    public static let breakingTypeRenamed = Rule("breaking-type-renamed", .error, "A Swift case's raw value changed since the base ref: rows and shipped apps hold the old one.")
    public static let breakingDeepLinkChanged = Rule("breaking-deeplink-changed", .error, "A deep-link case was removed since the base ref, or a parameter was removed, renamed, retyped or made required.")
    public static let breakingPayloadChanged = Rule("breaking-payload-changed", .error, "A payload or payload field was removed since the base ref, a field's type changed, or it was made required without a default.")
    public static let breakingFallbackChanged = Rule("breaking-fallback-changed", .error, "An enum's fallback was removed or changed since the base ref.")

    /// The rules `check --against REF` reports, the only ones `accept_breaking:` may name.
    public static let breaking: [Rule] = [
        .breakingTypeRemoved, .breakingTypeRenamed, .breakingDeepLinkChanged, .breakingPayloadChanged, .breakingFallbackChanged,
    ]
}
