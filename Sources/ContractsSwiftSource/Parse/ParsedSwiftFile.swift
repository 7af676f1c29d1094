import ContractsCore
import SwiftParser
import SwiftSyntax

/// One hand-written Swift file, parsed once and shared by every rule.
///
/// Holds the converter so each rule reports `file:line:column` exactly as swift-syntax (and swiftc) count
/// them: 1-based, columns in UTF-8 bytes.
struct ParsedSwiftFile {
    /// Path relative to the project root.
    let path: String
    let syntax: SourceFileSyntax
    /// Its type declarations and extensions, by name.
    let types: TypeDeclarations
    /// The types its names are declared with.
    let declaredTypes: DeclaredTypes
    /// The keys it reads from push payloads (two rules ask; a walk of the whole file, so done once).
    let pushReads: PushPayloadReads
    private let converter: SourceLocationConverter

    /// Parses `text`.
    init(path: String, text: String) {
        self.path = path
        syntax = Parser.parse(source: text)
        types = TypeDeclarations(syntax)
        declaredTypes = DeclaredTypes(syntax)
        pushReads = PushPayloadReads(syntax)
        converter = SourceLocationConverter(fileName: path, tree: syntax)
    }

    /// Where a node starts, after its leading trivia (comments, indentation).
    func location(of node: some SyntaxProtocol) -> ContractsCore.SourceLocation {
        let loc = node.startLocation(converter: converter)
        return ContractsCore.SourceLocation(file: path, line: loc.line, column: loc.column)
    }
}

extension TokenSyntax {
    /// The identifier as the compiler sees it: backticks removed (`` `default` `` → `default`).
    var plainName: String { identifier?.name ?? text }
}
