import ContractsCore
import Foundation
import SwiftSyntax

/// `swift-attribute-drift`: the per-case attributes an enum's Swift declaration implements as `switch self`,
/// compared case by case with the registry, for every enum with a Swift enum: its custom `attributes:`, and, for
/// the notification contract's enum, the built-in `icon`, `canBeDisabled`, `preferenceKey` and badge too.
///
/// Arms that return something other than a constant are skipped: the tool only reports what it can prove. An enum
/// the registry names qualified (`Expense.Category`) is not judged: its simple name may be a namesake's.
enum AttributeDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let judged = SwiftSharedEnums(registry).declared.compactMap { declared -> (SwiftSharedEnums.Declared, [String: Attribute])? in
            let attributes = Attribute.all(declared.sharedEnum, in: registry)
            guard declared.components.count == 1, !attributes.isEmpty else { return nil }
            return (declared, Dictionary(attributes.map { ($0.property, $0) }, uniquingKeysWith: { a, _ in a }))
        }
        guard !judged.isEmpty else { return [] }
        return files.flatMap { file in
            judged.flatMap { declared, byName in
                file.types.memberBlocks(of: declared.swiftName)
                    .flatMap { $0.switchSelfProperties(named: Set(byName.keys)) }
                    .flatMap { property in compare(property, byName[property.name]!, declared, registry: registry, in: file) }
            }
        }
    }

    private static func compare(_ property: SwitchSelfProperty, _ attribute: Attribute, _ declared: SwiftSharedEnums.Declared,
                                registry: Registry, in file: ParsedSwiftFile) -> [Finding] {
        let e = declared.sharedEnum
        let wording = EnumDriftWording(e, swiftName: declared.swiftName, in: registry)
        // Mismatches sharing one arm and one expected value are one finding: one edit fixes them.
        var groups: [(node: Syntax, actual: ReturnedLiteral, expected: ReturnedLiteral, values: [NotificationTypeValue])] = []
        // Only the values the app holds: a server-only value has no case to return anything for.
        for value in e.values(on: .app) {
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
                "\(declared.swiftName).\(property.name) is \(group.actual) for \(cases) but the registry says \(group.expected) (\(attribute.registryKey)); \(advice), or change registry.yaml",
                at: file.location(of: group.node), registry: group.values[0].location,
                fix: shared ? "add `case \(cases): return \(group.expected)` to \(property.name)'s switch" : "return \(group.expected)",
                subject: wording.subject(group.values[0].raw),
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

    /// Every attribute of `e`: the notification enum's built-in and custom ones (`attributes:`), from the one list
    /// the emitters use (the badge is judged even without a `badges:` section: then every type's badge is nil);
    /// any other enum's custom ones.
    static func all(_ e: SharedEnum, in registry: Registry) -> [Attribute] {
        let badgeEnum = registry.badges?.swiftEnum ?? "BadgeTab"
        let columns: [AttributeColumn]
        if let set = registry.notificationTypes, set.sharedEnum.name == e.name {
            columns = set.attributeColumns(hasBadges: true)
        } else {
            columns = e.customAttributeColumns()
        }
        let text: (ReturnedLiteral) -> Bool = {
            if case .string = $0 { return true }
            return $0 == .none
        }
        let badge: (ReturnedLiteral) -> Bool = {
            if case .member(let base, _) = $0 { return base == nil || base == badgeEnum }
            return text($0)
        }
        return columns.map { column in
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
    static func needles(_ registry: Registry) -> [String] {
        SwiftSharedEnums(registry).declared.filter { $0.components.count == 1 && !Attribute.all($0.sharedEnum, in: registry).isEmpty }
            .map(\.swiftName)
    }

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
    /// A status with a colour: any enum's custom attributes are judged like the notification enum's.
    static let statusColors = """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            attributes: { color: { swift: tint, type: string } }
            values: [{ raw: active, color: green }, { raw: archived, color: gray }]

        """
    static func statusSource(_ archived: String) -> [String: String] {
        ["App/Rooms/ChatRoomStatus.swift": """
            enum ChatRoomStatus: String, Codable {
                case active, archived
                var tint: String {
                    switch self {
                    case .active: return "green"
                    case .archived: return \(archived)
                    }
                }
                var label: String { rawValue.capitalized }
            }
            enum BannerStyle { case archived; var tint: String { switch self { case .archived: return "grey" } } }
            """]
    }
    static let triggeringExamples = [
        RuleExample(source("↓\"car\""), registry: registry),
        RuleExample(statusSource("↓\"grey\""), registryAdding: statusColors),
        // Statements that only prepare the `switch` (`#if`, `_ =`, `let`, `guard`) leave it the result.
        RuleExample(source("↓\"car\"", before: "\n        #if DEBUG\n        _ = Self.checked\n        #endif"), registry: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("\"car.fill\""), registry: registry),
        // Another type's `tint` is not the status's.
        RuleExample(statusSource("\"gray\""), registryAdding: statusColors),
        // An arm that computes its value is not judged: only constants are.
        RuleExample(source("\"car\" + \".fill\""), registry: registry),
        // An `if` before the `switch` may decide the result instead: not judged.
        RuleExample(source("\"car\"", before: "\n        if Self.checked { return \"bell\" }"), registry: registry),
    ]
}
