import Foundation
import Yams

/// A registry written with `notification_types:` rewritten in the one-enum form: the block becomes an `enums:`
/// entry (named after its Swift enum, first among the enums) and `notifications: { enum, payload_key,
/// swift_properties }` names it. The two forms must load to the same contract, so the tests run every fixture
/// through both.
public enum NotificationsForm {
    public struct NotShorthand: Error {}

    /// The rewritten text; `NotShorthand` when the registry has no `notification_types:` block.
    public static func rewrite(_ text: String) throws -> String {
        guard let root = try Yams.compose(yaml: text), case .mapping(let top) = root,
              let types = top["notification_types"], case .mapping(let shorthand) = types else { throw NotShorthand() }
        let name = shorthand["swift_enum"]?.string ?? "NotificationType"
        var entry: [(Node, Node)] = [(Node("swift_enum"), Node(name))]
        var contract: [(Node, Node)] = [(Node("enum"), Node(name))]
        for (key, value) in shorthand {
            switch key.string {
            case "swift_enum": continue
            case "payload_key", "swift_properties": contract.append((key, value))
            case "sql": entry.append((key, enumSQL(value)))
            default: entry.append((key, value))
            }
        }
        let enumEntry = (Node(name), Node.mapping(Node.Mapping(entry)))
        var pairs: [(Node, Node)] = []
        var hasEnums = false
        for (key, value) in top {
            switch key.string {
            case "notification_types":
                pairs.append((Node("notifications"), .mapping(Node.Mapping(contract))))
            case "enums":
                hasEnums = true
                guard case .mapping(let others) = value else { pairs.append((key, value)); continue }
                pairs.append((key, .mapping(Node.Mapping([enumEntry] + others.map { ($0.key, $0.value) }))))
            default:
                pairs.append((key, value))
            }
        }
        if !hasEnums { pairs.append((Node("enums"), .mapping(Node.Mapping([enumEntry])))) }
        return try Yams.serialize(node: .mapping(Node.Mapping(pairs)))
    }

    /// The shorthand's `sql:` as an `enums:` entry writes it: a column of an ENUM type moves under `columns`.
    private static func enumSQL(_ node: Node) -> Node {
        guard case .mapping(let fields) = node, let type = fields["enum_type"] else { return node }
        let column = fields.filter { $0.key.string == "table" || $0.key.string == "column" }.map { ($0.key, $0.value) }
        return .mapping(Node.Mapping([(Node("enum_type"), type),
                                      (Node("columns"), .sequence(Node.Sequence([.mapping(Node.Mapping(column))])))]))
    }
}
