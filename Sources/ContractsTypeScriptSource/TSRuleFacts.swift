import ContractsCore

/// What the TypeScript reader hands each TypeScript rule: one lexed file and the registry's names.
struct TSRuleFacts {
    let source: TSSource
    let contract: TSContract
}

/// A rule over a lexed TypeScript file. A file is lexed only when it contains one of the needles some rule
/// declares (`TSContract.needles`), so the pre-filter is derived from the rules and a new rule cannot be
/// starved of files.
protocol TSFactRule: DriftRule where Facts == TSRuleFacts {
    /// Byte strings one of which a file must contain for this rule to find anything in it.
    static func needles(_ contract: TSContract) -> [String]
    /// Whether it judges the notification enum: then it runs only when the registry has one (`notifications:`).
    static var judgesNotificationTypes: Bool { get }
}

extension TSFactRule {
    static var judgesNotificationTypes: Bool { false }
}
