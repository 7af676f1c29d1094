import ContractsCore

extension SwiftEmitter {
    /// The deep-link enum: one case per registry case, associated values labelled by parameter name.
    static func renderDeepLinkEnum(_ links: DeepLinkSet) -> String {
        var w = SwiftCodeWriter()
        w.doc("Where a notification or URL takes the app; each case carries the ids its screen needs.")
        w.block("public enum \(links.swiftEnum): Hashable, Sendable") { w in
            for link in links.cases {
                w.line("case " + caseDeclaration(link))
            }
            w.line()
            w.doc("The payload key that names a case directly, so every case round-trips through `userInfo`.")
            w.line("public static let linkKey = \(SwiftSpelling.stringLiteral(links.linkKey))")
            w.line()
            w.doc("Every case name, in registry order: the values `linkKey` may carry.")
            let names = links.cases.map { SwiftSpelling.stringLiteral($0.name) }
            let oneLine = "public static let caseNames: [String] = [\(names.joined(separator: ", "))]"
            if oneLine.count <= 100 {
                w.line(oneLine)
            } else {
                w.line("public static let caseNames: [String] = [")
                w.indented { w in for name in names { w.line(name + ",") } }
                w.line("]")
            }
            w.line()
            w.doc("The case name, as written under `linkKey` and as a URL's host.")
            w.block("public var caseName: String") { w in
                w.line("switch self {")
                for link in links.cases {
                    w.line("case \(SwiftSpelling.member(link.name)): return \(SwiftSpelling.stringLiteral(link.name))")
                }
                w.line("}")
            }
        }
        return w.text
    }

    /// `ride(id: UUID)`, `announcements(notificationId: UUID?)`, `townHall`.
    private static func caseDeclaration(_ link: DeepLinkCase) -> String {
        let name = Identifiers.swiftIdentifier(link.name)
        guard !link.params.isEmpty else { return name }
        let values = link.params.map { param in
            SwiftSpelling.label(param.name) + ": " + SwiftSpelling.type(of: param.type) + (param.optional ? "?" : "")
        }
        return name + "(" + values.joined(separator: ", ") + ")"
    }

    /// `.ride(let id)`: a pattern binding every associated value by its label.
    static func bindingPattern(_ link: DeepLinkCase) -> String {
        let member = SwiftSpelling.member(link.name)
        guard !link.params.isEmpty else { return member }
        let bindings = link.params.map { "let " + Identifiers.swiftIdentifier($0.name) }
        return member + "(" + bindings.joined(separator: ", ") + ")"
    }
}
