import ContractsCore
import Foundation
import SwiftSyntax

extension Rule {
    public static let swiftAttributeDrift = Rule("swift-attribute-drift", .error, "A per-case attribute (`switch self`) differs from the registry.")
}

/// `swift-attribute-drift`: the per-case attributes (`icon`, `canBeDisabled`, `preferenceKey`, badge, and the
/// registry's custom `attributes:`) that the notification-type enum implements as `switch self`, compared case
/// by case with the registry.
///
/// Arms that return something other than a constant are skipped: the tool only reports what it can prove.
enum AttributeDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        guard let set = registry.notificationTypes, let name = set.swiftEnum else { return [] }
        let attributes = Attribute.all(set, badgeEnum: registry.badges?.swiftEnum ?? "BadgeTab")
        let byName = Dictionary(attributes.map { ($0.property, $0) }, uniquingKeysWith: { a, _ in a })
        return files.flatMap { file in
            file.types.memberBlocks(of: name)
                .flatMap { $0.switchSelfProperties(named: Set(byName.keys)) }
                .flatMap { property in compare(property, byName[property.name]!, set: set, in: file) }
        }
    }

    private static func compare(_ property: SwitchSelfProperty, _ attribute: Attribute, set: NotificationTypeSet,
                                in file: ParsedSwiftFile) -> [Finding] {
        // Mismatches sharing one arm and one expected value are one finding: one edit fixes them.
        var groups: [(node: Syntax, actual: ReturnedLiteral, expected: ReturnedLiteral, values: [NotificationTypeValue])] = []
        // Only the values the app holds: a server-only value has no case to return anything for.
        for value in set.values where value.scope.inApp {
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
                "\(set.swiftName).\(property.name) is \(group.actual) for \(cases) but the registry says \(group.expected) (\(attribute.registryKey)); \(advice), or change registry.yaml",
                at: file.location(of: group.node), registry: group.values[0].location,
                fix: shared ? "add `case \(cases): return \(group.expected)` to \(property.name)'s switch" : "return \(group.expected)",
                subject: .notificationType(group.values[0].raw, of: set),
                edits: shared ? [] : edits(group.node, group.actual, group.expected, property, in: file))
        }
    }

    /// The arm's literal made the registry's, when the new one is of the kind the property already returns (a
    /// string for a string, a member for a member; `nil` only where another arm returns `nil`).
    private static func edits(_ node: Syntax, _ actual: ReturnedLiteral, _ expected: ReturnedLiteral,
                              _ property: SwitchSelfProperty, in file: ParsedSwiftFile) -> [FixEdit] {
        switch (actual, expected) {
        case (.string, .string(let s)), (.none, .string(let s)):
            return SwiftFixEdits.replacing(node, withString: s, in: file)
        case (.bool, .bool), (.int, .int), (.none, .bool), (.none, .int):
            return SwiftFixEdits.replacing(node, withSource: expected.description, in: file)
        case (.member(let base, _), .member(nil, let name)):
            return SwiftFixEdits.replacing(node, withSource: (base ?? "") + ".\(name)", in: file)
        case (_, .none) where property.arms.contains(where: { $0.result == ReturnedLiteral.none }):
            return SwiftFixEdits.replacing(node, withSource: "nil", in: file)
        default:
            return []
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

    /// Every attribute of the registry, built-in and custom (`attributes:`), from the one list the emitters use.
    /// The badge is judged even without a `badges:` section (then every type's badge is nil).
    static func all(_ set: NotificationTypeSet, badgeEnum: String) -> [Attribute] {
        let text: (ReturnedLiteral) -> Bool = {
            if case .string = $0 { return true }
            return $0 == .none
        }
        let badge: (ReturnedLiteral) -> Bool = {
            if case .member(let base, _) = $0 { return base == nil || base == badgeEnum }
            return text($0)
        }
        return set.attributeColumns(hasBadges: true).map { column in
            let reads: (ReturnedLiteral) -> Bool
            switch column.kind {
            case .string: reads = text
            case .badge: reads = badge
            case .bool: reads = { if case .bool = $0 { return true } else { return $0 == .none } }
            case .int: reads = { if case .int = $0 { return true } else { return $0 == .none } }
            }
            let expected = { (value: NotificationTypeValue) -> ReturnedLiteral in
                switch column.value(value) {
                case .null: return .none
                case .bool(let b): return .bool(b)
                case .int(let i): return .int(i)
                case .string(let s): return column.kind == .badge ? .member(base: nil, name: s) : .string(s)
                }
            }
            return Attribute(property: column.property, registryKey: column.key, expected: expected, reads: reads)
        }
    }
}

extension AttributeDriftRule: SwiftFactRule {
    /// Attributes are `switch self` inside the enum or an extension of it.
    static func needles(_ registry: Registry) -> [String] { registry.notificationTypes?.swiftEnum.map { [$0] } ?? [] }

    static let rule = Rule.swiftAttributeDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let registry = RuleExample.baseRegistry
        .replacingOccurrences(of: "- raw: message\n", with: "- { raw: message, icon: message.fill }\n")
        .replacingOccurrences(of: "- raw: ride_update\n", with: "- { raw: ride_update, icon: car.fill }\n")
    static func source(_ rideIcon: String, before: String = "") -> [String: String] {
        ["App/NotificationType.swift": """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
                static let checked = true
                var icon: String {\(before)
                    switch self {
                    case .message: return "message.fill"
                    case .rideUpdate: return \(rideIcon)
                    }
                }
            }
            """]
    }
    static let triggeringExamples = [
        RuleExample(source("↓\"car\""), registry: registry),
        // Statements that only prepare the `switch` (`#if`, `_ =`, `let`, `guard`) leave it the result.
        RuleExample(source("↓\"car\"", before: "\n        #if DEBUG\n        _ = Self.checked\n        #endif"), registry: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("\"car.fill\""), registry: registry),
        // An arm that computes its value is not judged: only constants are.
        RuleExample(source("\"car\" + \".fill\""), registry: registry),
        // An `if` before the `switch` may decide the result instead: not judged.
        RuleExample(source("\"car\"", before: "\n        if Self.checked { return \"bell\" }"), registry: registry),
    ]
}
