import ContractsCore

/// Text from sources (a literal, a path) on its way to a terminal or a CI log: an ESC from a string literal
/// would otherwise recolour, retitle or rewrite the screen, and a bidirectional control would reorder what
/// the reader sees. Each such character (`HiddenScalars`) is shown as a Swift escape (`\u{1B}`); line
/// breaks and tabs are left to the reporters, which lay them out.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        HiddenScalars.visible(text, keeping: ["\n", "\r", "\t"])
    }
}

extension Finding {
    /// The finding with every text a source or the registry supplied escaped for a terminal (`TerminalText`).
    func escapedForTerminal() -> Finding {
        var out = self
        out.message = TerminalText.escaped(message)
        out.fix = fix.map(TerminalText.escaped)
        out.location.file = TerminalText.escaped(location.file)
        out.registryLocation?.file = TerminalText.escaped(registryLocation?.file ?? "")
        out.related = related.map { var place = $0; place.file = TerminalText.escaped(place.file); return place }
        return out
    }
}
