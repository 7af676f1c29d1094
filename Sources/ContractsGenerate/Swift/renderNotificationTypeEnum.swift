import ContractsCore

extension SwiftEmitter {
    /// The notification-type enum: cases in registry order with explicit raw values, the fallback decoding,
    /// and the per-case attributes as `switch self` properties. Only the values the app holds (scope `all` or
    /// `app`); retired values are not in `values` at all.
    static func renderNotificationTypeEnum(_ types: NotificationTypeSet, badges: BadgeSet?) -> String {
        let values = types.values.filter(\.scope.inApp)
        var w = SwiftCodeWriter()
        w.doc("""
        Every notification type the server may send, in registry order. The raw value is what the database
        stores and push payloads carry under `\(types.payloadKey)`.
        """)
        w.block("public enum \(types.swiftName): String, Codable, CaseIterable, Sendable") { w in
            for value in values {
                w.line(SwiftSpelling.rawValueCase(Identifiers.swiftIdentifier(value.swiftCase), raw: value.raw))
            }
            if let fallback = types.fallback.flatMap(types.value(raw:)), fallback.scope.inApp {
                w.line()
                renderFallbackDecoding(into: &w, fallback: SwiftSpelling.member(fallback.swiftCase))
            }
            renderAttributes(into: &w, types: types, values: values, badges: badges)
        }
        return w.text
    }

    /// `init(serverValue:)` and a decoder that map unknown raw values to the fallback case,
    /// so a type added on the server never breaks decoding in an older app.
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
