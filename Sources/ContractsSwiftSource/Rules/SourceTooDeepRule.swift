import ContractsCore
import Foundation

extension Rule {
    public static let swiftSourceTooDeep = Rule("swift-source-too-deep", .error, "A Swift source nests brackets or string interpolations deeper than the checker parses (128 levels; 8 for key-path parentheses), so it is not checked.")
}

/// `swift-source-too-deep`: a source the pre-filter admits but that nests too deeply to parse (see
/// `SwiftNestingDepth`), reported at the bracket that went too deep instead of being skipped silently.
enum SourceTooDeepRule: DriftRule {
    static let rule = Rule.swiftSourceTooDeep

    static func findings(_ source: SourceBytes) -> [Finding] {
        guard let offset = SwiftNestingDepth.offsetPast(in: Array(source.bytes)) else { return [] }
        let text = String(decoding: source.bytes, as: UTF8.self)
        return [Finding(.swiftSourceTooDeep,
                        "brackets or string interpolations nest more than \(SwiftNestingDepth.limit) levels deep here (or key-path "
                            + "parentheses `\\(` more than \(SwiftNestingDepth.keyPathParenthesisLimit)); "
                            + "swift-syntax takes super-linear time on such code, so this file is not checked",
                        at: LineMap(text).location(ofByte: offset, in: source.file),
                        fix: "close the open brackets (the file cannot compile like this)")]
    }

    static func nested(_ depth: Int, mark: String = "") -> [String: String] {
        let open = String(repeating: "[", count: depth - 1) + mark + "["
        return ["App/Deep.swift": "let type: NotificationType = .message\nlet deep = \(open)1\(String(repeating: "]", count: depth))\n"]
    }
    static let triggeringExamples = [RuleExample(nested(SwiftNestingDepth.limit + 1, mark: "↓"))]
    static let nonTriggeringExamples = [
        // Ordinary nesting is parsed (at the limit itself swift-syntax takes minutes in a debug build).
        RuleExample(nested(16)),
        // A file that mentions no contract name is never parsed, so its depth does not matter.
        RuleExample(["App/Other.swift": "let deep = \(String(repeating: "[", count: 200))1\(String(repeating: "]", count: 200))\n"]),
    ]
}
