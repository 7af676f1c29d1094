import ContractsCore

extension SwiftEmitter {
    /// An enum of the registry, the notification enum or any other: its cases in registry order with their raw values,
    /// with a fallback the decoding that maps an unknown raw value to it, and its per-case attributes as `switch self`
    /// properties. Only the values the app holds (scope `all` or `app`): a server-only value decodes to the fallback,
    /// and retired values are in `values` of no enum.
    ///
    /// What only the notification enum has comes from its contract, as data: the doc names the payload key, and the
    /// attributes start with the built-in four (icon, can be disabled, preference key, badge). Any other enum's
    /// attributes are its custom ones (`attributes:`, a status with a colour or a label).
    /// A qualified name (`Expense.Category`) is declared in an extension of the app's outer type, where the app
    /// declares it.
    static func renderEnum(_ e: SharedEnum, name: String, notification: NotificationContract?, badges: BadgeSet?) -> String {
        let values = e.values(on: .app)
        let columns = notification.map { NotificationTypeSet(sharedEnum: e, contract: $0).attributeColumns(hasBadges: badges != nil) }
            ?? e.customAttributeColumns()
        var w = SwiftCodeWriter()
        let parts = name.split(separator: ".").map(String.init)
        let declare = { (w: inout SwiftCodeWriter) in
            w.doc(notification.map {
                """
                Every notification type the server may send, in registry order. The raw value is what the database
                stores and push payloads carry under `\($0.payloadKey)`.
                """
            } ?? """
            Every \(e.name) value the stacks share, in registry order. The raw value is what the database stores and
            the functions send.
            """)
            w.block("public enum \(parts.last ?? name): String, Codable, CaseIterable, Sendable") { w in
                for value in values {
                    w.line(SwiftSpelling.rawValueCase(Identifiers.swiftIdentifier(value.swiftCase), raw: value.raw))
                }
                if let fallback = e.fallback.flatMap(e.value(raw:)), fallback.scope.inApp {
                    w.line()
                    renderFallbackDecoding(into: &w, fallback: SwiftSpelling.member(fallback.swiftCase))
                }
                renderAttributes(into: &w, columns: columns, values: values, badges: badges)
            }
        }
        if parts.count > 1 {
            w.block("extension \(parts.dropLast().joined(separator: "."))") { w in declare(&w) }
        } else {
            declare(&w)
        }
        return w.text
    }

    /// `init(serverValue:)` and a decoder that map unknown raw values to the fallback case,
    /// so a value added on the server never breaks decoding in an older app.
    static func renderFallbackDecoding(into w: inout SwiftCodeWriter, fallback: String) {
        w.doc("The case for a raw value from the server; an unknown value becomes `\(fallback)`.")
        w.block("public init(serverValue: String)") { w in
            w.line("self = Self(rawValue: serverValue) ?? \(fallback)")
        }
        w.line()
        w.doc("Decodes an unknown raw value as `\(fallback)` instead of failing.")
        w.block("public init(from decoder: any Decoder) throws") { w in
            w.line("let container = try decoder.singleValueContainer()")
            w.line("self.init(serverValue: try container.decode(String.self))")
        }
    }
}
