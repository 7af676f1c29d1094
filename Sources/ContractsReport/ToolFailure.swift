import ContractsCore

/// Why a command stopped with exit 2 (a bad registry, an unreadable file, bad usage): each message with the
/// place it is about when there is one. Every format reports it, so a CI step that reads a JSON or SARIF file
/// or GitHub annotations sees the error rather than an empty file.
public struct ToolFailure: Error, Sendable, Equatable {
    public struct Message: Sendable, Equatable {
        public var location: SourceLocation?
        public var text: String

        public init(_ text: String, at location: SourceLocation? = nil) {
            self.text = text
            self.location = location
        }

        /// `file:line:col: error: text`, or `error: text`, escaped for a terminal (`TerminalText`): the path on one line.
        public var line: String {
            let text = TerminalText.escaped(text)
            return location.map { "\($0.escapedForTerminal()): error: \(text)" } ?? "error: \(text)"
        }
    }

    public var messages: [Message]
    /// The absolute folder the messages' paths are relative to (the project root), or nil for the current folder.
    public var root: String?

    public init(_ messages: [Message], root: String? = nil) {
        self.messages = messages
        self.root = root
    }

    public init(_ errors: RegistryErrors, root: String? = nil) {
        self.init(errors.errors.map { Message($0.message, at: $0.location) }, root: root)
    }

    /// What the standard error stream shows: one `file:line:col: error: ...` line a message (a message's later
    /// lines under it, none reading as a CI log's command).
    public var description: String {
        messages.flatMap { TextReporter.lines($0.line) }.map { TerminalText.inert($0) }.joined(separator: "\n")
    }

    /// The failure with its paths as `paths` prints them.
    public func rebased(_ paths: ReportPaths) -> ToolFailure {
        ToolFailure(messages.map { Message($0.text, at: $0.location.map(paths.rebase)) }, root: root)
    }
}

extension ReportFormat {
    /// The document this format writes on standard output for a failure, or nil for `text` and `xcode`,
    /// which leave it to standard error (a person or Xcode reads that).
    public func render(_ failure: ToolFailure) -> String? {
        switch self {
        case .text, .xcode: return nil
        case .markdown:
            return "### naars-contracts\n\n" + failure.messages.map { message in
                "- " + (message.location.map { MarkdownReporter.code($0.escapedForTerminal().description) + ": " } ?? "")
                    + MarkdownReporter.cell(TerminalText.escaped(message.text)) + "\n"
            }.joined()
        case .json: return JSONReporter.render(failure)
        case .junit: return JUnitReporter.render(failure)
        case .codeclimate: return CodeClimateReporter.render(failure)
        case .sarif: return SARIFReporter.render(failure)
        case .github:
            return failure.messages.map { message in
                let text = GitHubReporter.escapeData(TerminalText.escaped(message.text))
                guard let location = message.location else { return "::error::\(text)\n" }
                let properties = [
                    "file=" + GitHubReporter.escapeProperty(TerminalText.escapedLine(location.file)),
                    "line=\(location.line)", "col=\(location.column)", "title=naars-contracts",
                ].joined(separator: ",")
                return "::error \(properties)::\(text)\n"
            }.joined()
        }
    }
}
