import ContractsCore
import SwiftSyntax

/// The edits the Swift rules attach to their findings for `check --fix`, at the parsed nodes' exact bytes.
enum SwiftFixEdits {
    /// The bytes of `node` without its trivia.
    static func bytes(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The literal `node` replaced by `value` as a Swift string literal (none when the value needs escapes).
    static func replacing(_ node: some SyntaxProtocol, withString value: String, in file: ParsedSwiftFile) -> [FixEdit] {
        FixEdit.quoted(value, quote: "\"").map { replacing(node, withSource: $0, in: file) } ?? []
    }

    /// `node`, without its trivia, replaced by `source`.
    static func replacing(_ node: some SyntaxProtocol, withSource source: String, in file: ParsedSwiftFile) -> [FixEdit] {
        let span = bytes(of: node)
        return [FixEdit(file: file.path, start: span.lowerBound, end: span.upperBound, replacement: source)]
    }

    /// `declaration` (`case onHold = "on-hold"`) added after the enum's last top-level `case`: on a line of its own
    /// indented like that case, or after `; ` when that case shares its line (`enum E: String { case a }`). None
    /// when the enum has no top-level case to follow, or when `blocked` (a `switch self` of the type with no
    /// `default` would stop compiling: what the new case returns there is for a person to say).
    static func addingCase(_ declaration: String, to decl: EnumDeclSyntax, in file: ParsedSwiftFile, blocked: Bool) -> [FixEdit] {
        guard !blocked, let last = decl.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) }).last else { return [] }
        let start = last.positionAfterSkippingLeadingTrivia.utf8Offset
        let line = FixEdit.indentation(at: start, in: file.source.text)
        guard line.startsLine else {
            return [.insertion(file: file.path, at: last.endPositionBeforeTrailingTrivia.utf8Offset, "; " + declaration)]
        }
        // After a trailing `// comment` on the case's line, which stays with that case.
        return [.insertion(file: file.path, at: last.endPosition.utf8Offset, "\n" + line.indent + declaration)]
    }

    /// Whether a `switch self` without `default` stands in a declaration or extension of `typeName` (its simple
    /// name) in any of `files`: a new case would leave that switch non-exhaustive.
    static func hasExhaustiveSwitchOverSelf(_ typeName: String, in files: [ParsedSwiftFile]) -> Bool {
        files.contains { file in
            file.types.memberBlocks(of: typeName).contains { block in
                let finder = ExhaustiveSelfSwitchFinder(viewMode: .sourceAccurate)
                finder.walk(block)
                return finder.found
            }
        }
    }

    private final class ExhaustiveSelfSwitchFinder: SyntaxVisitor {
        var found = false

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            if node.subject.trimmedDescription == "self",
               !node.cases.flattenedCases.contains(where: { $0.label.is(SwitchDefaultLabelSyntax.self) }) {
                found = true
            }
            return found ? .skipChildren : .visitChildren
        }
    }
}
