import ContractsCore
import SwiftSyntax

/// One arm of a `switch` over a notification type in the app's push handling: the values it matches, the
/// enum members it names (deep-link cases among them) and the push-payload keys it reads.
public struct DiscoveredSwitchArm: Sendable, Equatable {
    /// `"message"` for a string pattern, `.message` → `message` (a case name) for a member pattern; empty for `default`.
    public var labels: [String]
    /// Whether the labels are string literals (raw values) rather than case names.
    public var labelsAreRaw: Bool
    /// Members named in the arm without a base or on a type (`.conversation(id:)`, `.pendingUsers`, `DeepLink.ride(id:)`), in source order.
    public var members: [String]
    /// `userInfo` keys read in the arm, in source order.
    public var pushKeys: [String]
    public var location: ContractsCore.SourceLocation
}

/// Reads, in files that read push payloads, the `switch` arms whose patterns are all string literals or all
/// enum members (`case "message", "added_to_conversation":`, `case .townHallPost, .townHallReply:`), and
/// the keys the app itself writes into local notifications (`content.userInfo = ["event_title": ...]`),
/// which are not push keys.
public enum PushArmDiscovery {
    public static func read(path: String, text: String) -> (arms: [DiscoveredSwitchArm], localKeys: [String]) {
        guard SwiftNestingDepth.isBounded(text) else { return ([], []) }
        let file = ParsedSwiftFile(path: path, text: text)
        let reads = file.pushReads.reads
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        guard !reads.isEmpty else { return ([], collector.localKeys) }
        var arms: [DiscoveredSwitchArm] = []
        for arm in collector.arms {
            var labels: [String] = [], raw = true, member = true
            if case .case(let label) = arm.label {
                for item in label.caseItems {
                    let expr = item.pattern.as(ExpressionPatternSyntax.self)?.expression
                    if let literal = expr?.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue {
                        labels.append(text); member = false
                    } else if let access = expr?.as(MemberAccessExprSyntax.self), access.base == nil {
                        labels.append(access.declName.baseName.text); raw = false
                    } else {
                        raw = false; member = false
                    }
                }
                guard raw || member, !labels.isEmpty else { continue }
            }
            let keys = reads.filter { $0.subscript.position >= arm.position && $0.subscript.endPosition <= arm.endPosition }.map(\.key)
            let members = MemberCollector.members(in: Syntax(arm.statements))
            guard !keys.isEmpty || !members.isEmpty else { continue }
            arms.append(DiscoveredSwitchArm(labels: labels, labelsAreRaw: raw && !labels.isEmpty, members: members,
                                            pushKeys: keys, location: file.location(of: arm)))
        }
        return (arms, collector.localKeys)
    }

    private final class Collector: SyntaxVisitor {
        var arms: [SwitchCaseSyntax] = []
        var localKeys: [String] = []

        override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
            arms.append(node)
            return .visitChildren
        }

        /// `x.userInfo = ["key": ...]`: a notification the app schedules itself (unfolded: `a`, `=`, `b`).
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let parts = Array(node.elements)
            guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
                  parts[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "userInfo",
                  let dictionary = parts[2].as(DictionaryExprSyntax.self),
                  case .elements(let elements) = dictionary.content else { return .visitChildren }
            for element in elements {
                if let key = element.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue { localKeys.append(key) }
            }
            return .visitChildren
        }
    }

    /// Member names without a base or on a type (`.ride(id:)`, `.notifications`, `DeepLink.ride(id:)`), nested
    /// switches included.
    private final class MemberCollector: SyntaxVisitor {
        var names: [String] = []

        static func members(in node: Syntax) -> [String] {
            let collector = MemberCollector(viewMode: .sourceAccurate)
            collector.walk(node)
            return collector.names
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.base == nil || node.base?.lastName?.first?.isUppercase == true { names.append(node.declName.baseName.text) }
            return .visitChildren
        }
    }
}
