import ContractsCore

extension SwiftEmitter {
    /// A shared enum (`enums:`): its cases in registry order with their raw values, and, with a fallback, the
    /// decoding that maps an unknown raw value to it. A `swift_enum` nested in a type of the app (`Expense.Category`)
    /// is declared in an extension of that type, which the app declares.
    static func renderSharedEnum(_ e: SharedEnum, name: String) -> String {
        var w = SwiftCodeWriter()
        guard let dot = name.lastIndex(of: ".") else {
            write(e, name: name, into: &w)
            return w.text
        }
        w.block("extension \(name[..<dot])") { w in write(e, name: String(name[name.index(after: dot)...]), into: &w) }
        return w.text
    }

    private static func write(_ e: SharedEnum, name: String, into w: inout SwiftCodeWriter) {
        w.doc("""
        Every \(e.name) value the stacks share, in registry order. The raw value is what the database stores and
        the functions send.
        """)
        w.block("public enum \(name): String, Codable, CaseIterable, Sendable") { w in
            for value in e.values {
                w.line(SwiftSpelling.rawValueCase(Identifiers.swiftIdentifier(value.swiftCase), raw: value.raw))
            }
            if let fallback = e.fallback.flatMap(e.value(raw:)) {
                w.line()
                renderFallbackDecoding(into: &w, fallback: SwiftSpelling.member(fallback.swiftCase))
            }
        }
    }
}
