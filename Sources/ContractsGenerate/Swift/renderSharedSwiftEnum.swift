import ContractsCore

extension SwiftEmitter {
    /// A shared enum (`enums:`): its cases in registry order with their raw values, and, with a fallback, the
    /// decoding that maps an unknown raw value to it. Only the values the app holds (scope `all` or `app`): a
    /// server-only value decodes to the fallback.
    /// A qualified name (`Expense.Category`) is declared in an extension of the app's outer type, where the app
    /// declares it.
    static func renderSharedEnum(_ e: SharedEnum, name: String) -> String {
        var w = SwiftCodeWriter()
        let parts = name.split(separator: ".").map(String.init)
        let declare = { (w: inout SwiftCodeWriter) in
            w.doc("""
            Every \(e.name) value the stacks share, in registry order. The raw value is what the database stores and
            the functions send.
            """)
            w.block("public enum \(parts.last ?? name): String, Codable, CaseIterable, Sendable") { w in
                for value in e.values(on: .app) {
                    w.line(SwiftSpelling.rawValueCase(Identifiers.swiftIdentifier(value.swiftCase), raw: value.raw))
                }
                if let fallback = e.fallback.flatMap(e.value(raw:)) {
                    w.line()
                    renderFallbackDecoding(into: &w, fallback: SwiftSpelling.member(fallback.swiftCase))
                }
            }
        }
        if parts.count > 1 {
            w.block("extension \(parts.dropLast().joined(separator: "."))") { w in declare(&w) }
        } else {
            declare(&w)
        }
        return w.text
    }
}
