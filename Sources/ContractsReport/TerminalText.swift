import ContractsCore

/// Text from sources (a literal, a path) on its way to a terminal or a CI log: an ESC from a string literal
/// would otherwise recolour, retitle or rewrite the screen, and a bidirectional control would reorder what
/// the reader sees. Each such character (`HiddenScalars`) is shown as a Swift escape (`\u{1B}`); line
/// breaks and tabs are left to the reporters, which lay them out.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        HiddenScalars.visible(text, keeping: ["\n", "\r", "\t"])
    }

    /// A field printed on one line (a path): line breaks and tabs escaped too (`\u{A}`), so a file named
    /// `x⏎::error file=registry.yaml::…` cannot start a line of its own in a report.
    static func escapedLine(_ text: String) -> String {
        HiddenScalars.visible(text)
    }

    /// `line` as it may start a line of a CI log. GitHub's runner reads a line that starts with `::`, once
    /// leading white space is dropped, as a workflow command (`::error`, `::add-mask::`, `::stop-commands::`):
    /// such a line from a source (a message's later line, a path at the start of a line) has its first colon
    /// written as `colon` (`\u{3A}`; `&#58;` in XML).
    static func inert(_ line: some StringProtocol, colon: String = "\\u{3A}") -> String {
        let start = line.drop(while: \.isWhitespace)
        guard start.hasPrefix("::") else { return String(line) }
        return line[..<start.startIndex] + colon + start.dropFirst()
    }

    /// Every line of `text` (split at `\n`) made `inert`.
    static func inertLines(_ text: String, colon: String = "\\u{3A}") -> String {
        guard text.contains("::") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { inert($0, colon: colon) }
            .joined(separator: "\n")
    }
}

extension Finding {
    /// The finding with every text a source or the registry supplied escaped for a terminal (`TerminalText`):
    /// the message and the fix keep their line breaks, which reporters lay out; paths are single-line.
    func escapedForTerminal() -> Finding {
        var out = self
        out.message = TerminalText.escaped(message)
        out.fix = fix.map(TerminalText.escaped)
        out.location = location.escapedForTerminal()
        out.registryLocation = registryLocation?.escapedForTerminal()
        out.related = related.map { $0.escapedForTerminal() }
        return out
    }
}

extension SourceLocation {
    /// The place with its path escaped as a single-line field (`TerminalText.escapedLine`).
    func escapedForTerminal() -> SourceLocation {
        var out = self
        out.file = TerminalText.escapedLine(file)
        return out
    }
}
