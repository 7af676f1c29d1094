import ContractsCore
import Foundation

/// `swift-source-too-deep`: a source the pre-filter admits but that nests too deeply to parse (see
/// `SwiftNestingDepth`), reported at the bracket that went too deep instead of being skipped silently.
enum SourceTooDeepRule: DriftRule {
    static let rule = Rule.swiftSourceTooDeep

    static func findings(_ source: SourceBytes) -> [Finding] {
        findings(source, refusal: SwiftNestingDepth.refusal(in: Array(source.bytes)))
    }

    /// The same, given the pre-scan of the source's bytes (`SwiftTrees.refusal`: made once per file and run).
    static func findings(_ source: SourceBytes, refusal: SwiftNestingDepth.Refusal?) -> [Finding] {
        guard let refusal else { return [] }
        let text = String(decoding: source.bytes, as: UTF8.self)
        return [Finding(.swiftSourceTooDeep, refusal.reason + ", so this file is not checked",
                        at: LineMap(text).location(ofByte: refusal.offset, in: source.file),
                        fix: refusal.fix, subject: .file(path: source.file))]
    }

    static func nested(_ depth: Int, mark: String = "", open: String = "(", close: String = ")") -> [String: String] {
        let opening = String(repeating: open, count: depth - 1) + mark + open
        return ["App/Deep.swift": "let type: NotificationType = .message\nlet deep = \(opening)1\(String(repeating: close, count: depth))\n"]
    }

    /// `count` functions, each with a switch whose body starts with another switch (no `case`); the `↓` before
    /// the body of the first switch that takes the work past `SwiftNestingDepth.malformedSwitchWork`.
    static func malformedSwitches(_ count: Int, marked: Bool) -> [String: String] {
        let head = "let type: NotificationType = .message\n"
        let function = { (i: Int) in "func f\(i)() { switch self \u{1}{ switch self { } } }\n" }
        let size = head.utf8.count + (0..<count).reduce(0) { $0 + function($1).utf8.count - 1 }
        let first = min(SwiftNestingDepth.malformedSwitchWork / size + 1, SwiftNestingDepth.malformedSwitchLimit + 1)
        let text = head + (0..<count).map { i in
            function(i).replacingOccurrences(of: "\u{1}", with: marked && i + 1 == first ? "↓" : "")
        }.joined()
        return ["App/Switches.swift": text]
    }

    static let triggeringExamples = [
        RuleExample(nested(SwiftNestingDepth.limit + 1, mark: "↓")),
        // `[` doubles the parser's time with each level, closed or not.
        RuleExample(nested(SwiftNestingDepth.squareBracketLimit + 1, mark: "↓", open: "[", close: "]")),
        RuleExample(["App/Deep.swift": "let type: NotificationType = .message\nlet x = "
            + String(repeating: "a<", count: SwiftNestingDepth.angleBracketLimit) + "a↓<a\n"]),
        RuleExample(["App/Chain.swift": "let type: NotificationType = .message\nfunc f(_ v: Int) -> Int {\n    if v == 0 { return 0 }\n"
            + (1...SwiftNestingDepth.elseIfChainLimit).map { "    else if v == \($0) { return \($0) }\n" }.joined()
            + "    ↓else if v == -1 { return -1 }\n    return 1\n}\n"]),
        RuleExample(malformedSwitches(1_000, marked: true)),
    ]
    static let nonTriggeringExamples = [
        // Ordinary nesting is parsed.
        RuleExample(nested(16)),
        RuleExample(nested(SwiftNestingDepth.squareBracketLimit, open: "[", close: "]")),
        // A file that mentions no contract name is never parsed, so its depth does not matter.
        RuleExample(["App/Other.swift": "let deep = \(String(repeating: "[", count: 200))1\(String(repeating: "]", count: 200))\n"]),
        // Comparisons without spaces on many lines are not generic brackets left open; separate chains are not one.
        RuleExample(["App/Compare.swift": "let type: NotificationType = .message\n"
            + (0..<200).map { "let c\($0) = a<b\n" }.joined()
            + (0..<300).map { "func g\($0)(_ v: Int) -> Int { if v == 0 { return 0 } else if v == 1 { return 1 } else { return 2 } }\n" }.joined()]),
        // A few malformed switches (a file being edited) are parsed.
        RuleExample(malformedSwitches(20, marked: false)),
    ]
}
