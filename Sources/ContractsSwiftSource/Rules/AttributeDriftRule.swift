import ContractsCore
import SwiftSyntax

/// `swift-attribute-drift`: the per-case attributes (`icon`, `canBeDisabled`, `preferenceKey`, badge) that the
/// notification-type enum implements as `switch self`, compared case by case with the registry.
///
/// Arms that return something other than a constant are skipped: the tool only reports what it can prove.
enum AttributeDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let set = registry.notificationTypes
        let attributes = Attribute.all(set.swiftProperties)
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
            guard let arm = property.arm(for: value.swiftCase), let actual = arm.result else { continue }
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
            let advice = shared ? "give \(group.values.count == 1 ? "it" : "them") an own `case` returning \(group.expected)"
                                : "return \(group.expected)"
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
    /// Badge tabs may be written as enum members or as strings.
    let acceptsString: Bool

    func accepts(_ actual: ReturnedLiteral, _ expected: ReturnedLiteral) -> Bool {
        if actual == expected { return true }
        if acceptsString, case .member(let name) = expected, actual == .string(name) { return true }
        return false
    }

    static func all(_ names: AttributeProperties) -> [Attribute] {
        [
            Attribute(property: names.icon, registryKey: "icon", expected: { $0.icon.map(ReturnedLiteral.string) ?? .none },
                      acceptsString: false),
            Attribute(property: names.canBeDisabled, registryKey: "can_be_disabled", expected: { .bool($0.canBeDisabled) },
                      acceptsString: false),
            Attribute(property: names.preferenceKey, registryKey: "preference_key",
                      expected: { $0.preferenceKey.map(ReturnedLiteral.string) ?? .none }, acceptsString: false),
            Attribute(property: names.badge, registryKey: "badge", expected: { $0.badge.map(ReturnedLiteral.member) ?? .none },
                      acceptsString: true),
        ]
    }
}
