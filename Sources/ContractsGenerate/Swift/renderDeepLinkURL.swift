import ContractsCore

extension SwiftEmitter {
    /// `url` and `init?(url:)` for apps with a URL scheme: `scheme://caseName?payload_key=value`.
    static func renderDeepLinkURL(_ links: DeepLinkSet, scheme: String) -> String {
        var w = SwiftCodeWriter()
        w.block("extension \(links.swiftEnum)") { w in
            w.doc("The URL scheme links open with.")
            w.line("public static let urlScheme = \(SwiftSpelling.stringLiteral(scheme.lowercased()))")
            w.line()
            w.doc("`\(scheme)://<caseName>?<payload_key>=<value>`, read back by `init?(url:)`.")
            w.block("public var url: URL") { w in
                w.line("var components = URLComponents()")
                w.line("components.scheme = Self.urlScheme")
                w.line("components.host = caseName")
                w.line("let items = payloadItems")
                w.line("if !items.isEmpty { components.queryItems = items.map { URLQueryItem(name: $0.key, value: $0.value) } }")
                w.line("guard let url = components.url else { preconditionFailure(\"unrepresentable deep link \\(self)\") }")
                w.line("return url")
            }
            w.line()
            w.doc("""
            Reads `\(scheme)://<caseName>?<payload_key>=<value>`; the case name matches ignoring case, because
            hosts are case-insensitive and some systems lowercase them.
            """)
            w.block("public init?(url: URL)") { w in
                w.line("guard url.scheme?.lowercased() == Self.urlScheme,")
                w.line("      let components = URLComponents(url: url, resolvingAgainstBaseURL: false),")
                w.line("      let host = components.host?.lowercased(),")
                w.line("      let name = Self.caseNames.first(where: { $0.lowercased() == host })")
                w.line("else { return nil }")
                w.line("var payload: [AnyHashable: Any] = [:]")
                w.line("for item in components.queryItems ?? [] { if let value = item.value { payload[item.name] = value } }")
                w.line("guard let link = Self(caseName: name, payload: payload) else { return nil }")
                w.line("self = link")
            }
        }
        return w.text
    }
}
