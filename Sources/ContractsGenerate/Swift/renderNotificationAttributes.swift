import ContractsCore

extension SwiftEmitter {
    /// The per-case attributes as computed properties, each a `switch self` with one literal per case,
    /// the shape hand-written enums have, so a reader can compare them line by line.
    static func renderAttributes(into w: inout SwiftCodeWriter, types: NotificationTypeSet, badges: BadgeSet?) {
        let names = types.swiftProperties
        let iconType = types.values.allSatisfy { $0.icon != nil } ? "String" : "String?"
        renderAttribute(into: &w, types: types, doc: "SF Symbol shown with the notification.",
                        name: names.icon, type: iconType) { value in
            value.icon.map(SwiftSpelling.stringLiteral) ?? "nil"
        }
        renderAttribute(into: &w, types: types, doc: "Whether the user may turn this type off in settings.",
                        name: names.canBeDisabled, type: "Bool") { value in
            value.canBeDisabled ? "true" : "false"
        }
        renderAttribute(into: &w, types: types,
                        doc: "The notification preference that turns this type on or off; nil when none does.",
                        name: names.preferenceKey, type: "String?") { value in
            value.preferenceKey.map(SwiftSpelling.stringLiteral) ?? "nil"
        }
        guard let badges else { return }
        renderAttribute(into: &w, types: types, doc: "The badge this type counts toward; nil when it counts toward none.",
                        name: names.badge, type: badges.swiftEnum + "?") { value in
            value.badge.map { "." + SwiftSpelling.caseName(for: $0) } ?? "nil"
        }
    }

    private static func renderAttribute(
        into w: inout SwiftCodeWriter, types: NotificationTypeSet, doc: String, name: String, type: String,
        result: (NotificationTypeValue) -> String
    ) {
        w.line()
        w.doc(doc)
        w.block("public var \(Identifiers.swiftIdentifier(name)): \(type)") { w in
            w.line("switch self {")
            for value in types.values {
                w.line("case \(SwiftSpelling.member(value.swiftCase)): return \(result(value))")
            }
            w.line("}")
        }
    }
}
