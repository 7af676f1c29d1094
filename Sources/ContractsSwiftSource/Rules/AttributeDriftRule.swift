import ContractsCore
import SwiftSyntax

/// `swift-attribute-drift`: the per-case attributes (`icon`, `canBeDisabled`, `preferenceKey`, badge) that the
/// notification-type enum implements as `switch self`, compared case by case with the registry.
///
/// Arms that return something other than a constant are skipped: the tool only reports what it can prove.
enum AttributeDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let set = registry.notificationTypes
        let attributes = Attribute.all(set.swiftProperties, badgeEnum: registry.badges?.swiftEnum ?? "BadgeTab")
        let byName = Dictionary(attributes.map { ($0.property, $0) }, uniquingKeysWith: { a, _ in a })
        return files.flatMap { file in
            file.types.memberBlocks(of: set.swiftEnum)
                .flatMap { $0.switchSelfProperties(named: Set(byName.keys)) }
                .flatMap { property in compare(property, byName[property.name]!, set: set, in: file) }
        }
    }

    private static func compare(_ property: SwitchSelfProperty, _ attribute: Attribute, set: NotificationTypeSet,
                                in file: ParsedSwiftFile) -> [Finding] {
        // Mismatches sharing one arm and one expected value are one finding: one edit fixes them.
        var groups: [(node: Syntax, actual: ReturnedLiteral, expected: ReturnedLiteral, values: [NotificationTypeValue])] = []
        for value in set.values {
            guard let arm = property.arm(for: value.swiftCase), let actual = arm.result, attribute.reads(actual) else { continue }
            let expected = attribute.expected(value)
            guard !attribute.accepts(actual, expected) else { continue }
            if let i = groups.firstIndex(where: { $0.node.id == arm.resultNode.id && $0.expected == expected }) {
                groups[i].values.append(value)
            } else {
                groups.append((arm.resultNode, actual, expected, [value]))
            }
        }
        return groups.map { group in
            let cases = group.values.map { ".\($0.swiftCase)" }.joined(separator: ", ")
            let shared = property.arms.contains { $0.resultNode.id == group.node.id && ($0.isDefault || $0.caseNames.count > group.values.count) }
            let whom = group.values.count == 1 ? "it its" : "them their"
            let advice = shared ? "give \(whom) own `case` returning \(group.expected)" : "return \(group.expected)"
            return Finding(
                .swiftAttributeDrift,
                "\(set.swiftEnum).\(property.name) is \(group.actual) for \(cases) but the registry says \(group.expected) (\(attribute.registryKey)); \(advice), or change registry.yaml",
                at: file.location(of: group.node), registry: group.values[0].location)
        }
    }
}

/// One registry attribute and the Swift property that implements it.
struct Attribute {
    let property: String
    /// The registry key, for messages (`icon`, `can_be_disabled`, ...).
    let registryKey: String
    let expected: (NotificationTypeValue) -> ReturnedLiteral
    /// Whether a result is a constant of this attribute's kind; others (`Self.fallbackIcon`) are skipped.
    let reads: (ReturnedLiteral) -> Bool

    /// Badge tabs are compared by case name, however the member is spelled (`.bell`, `BadgeTab.bell`, `"bell"`).
    func accepts(_ actual: ReturnedLiteral, _ expected: ReturnedLiteral) -> Bool {
        switch (actual, expected) {
        case (.member(_, let a), .member(_, let e)): return a == e
        case (.string(let a), .member(_, let e)): return a == e
        default: return actual == expected
        }
    }

    static func all(_ names: AttributeProperties, badgeEnum: String) -> [Attribute] {
        let text: (ReturnedLiteral) -> Bool = {
            if case .string = $0 { return true }
            return $0 == .none
        }
        let badge: (ReturnedLiteral) -> Bool = {
            if case .member(let base, _) = $0 { return base == nil || base == badgeEnum }
            return text($0)
        }
        return [
            Attribute(property: names.icon, registryKey: "icon", expected: { $0.icon.map(ReturnedLiteral.string) ?? .none },
                      reads: text),
            Attribute(property: names.canBeDisabled, registryKey: "can_be_disabled", expected: { .bool($0.canBeDisabled) },
                      reads: { if case .bool = $0 { return true } else { return false } }),
            Attribute(property: names.preferenceKey, registryKey: "preference_key",
                      expected: { $0.preferenceKey.map(ReturnedLiteral.string) ?? .none }, reads: text),
            Attribute(property: names.badge, registryKey: "badge",
                      expected: { $0.badge.map { ReturnedLiteral.member(base: nil, name: $0) } ?? .none }, reads: badge),
        ]
    }
}
