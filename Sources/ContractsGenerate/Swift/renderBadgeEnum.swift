import ContractsCore

extension SwiftEmitter {
    /// The badge enum: one case per badge, raw value as written in the registry.
    static func renderBadgeEnum(_ badges: BadgeSet) -> String {
        var w = SwiftCodeWriter()
        w.doc("The badges notification types count toward, in registry order.")
        w.block("public enum \(badges.swiftEnum): String, Codable, CaseIterable, Sendable") { w in
            for name in badges.cases {
                w.line(SwiftSpelling.rawValueCase(SwiftSpelling.caseName(for: name), raw: name))
            }
        }
        return w.text
    }
}
