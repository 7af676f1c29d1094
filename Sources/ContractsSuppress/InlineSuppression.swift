import Foundation
import ContractsCore

/// `// naars-contracts:ignore rule-id` (Swift, TypeScript) or `-- naars-contracts:ignore rule-id` (SQL):
/// silences the named rules for one line, so a team can accept one deliberate difference in place and
/// keep the reason next to the code.
///
/// The comment applies to the line it ends (`foo("ride") // naars-contracts:ignore ts-unknown-literal`),
/// or, when it is alone on its line, to the next line. Several ids may follow, separated by spaces or
/// commas; the list ends at the first word that is not a rule id (`-- legacy value` after the ids is
/// a reason, not an id). The comment names rules explicitly: a bare `naars-contracts:ignore` silences
/// nothing.
public enum InlineSuppression {
    /// The marker the comment carries.
    public static let marker = "naars-contracts:ignore"

    /// The findings no inline comment silences, in their original order.
    public static func unsuppressed(_ findings: [Finding], tree: FileTree) -> [Finding] {
        let sources = SourceLines(for: findings, in: tree)
        // A line is read for ids once, however many findings it holds (a broken migration: hundreds on one line).
        var read: [String: [Int: [String]]] = [:]
        func ids(_ file: String, _ number: Int, _ line: Substring) -> [String] {
            if let known = read[file]?[number] { return known }
            let found = ruleIDs(in: line)
            read[file, default: [:]][number] = found
            return found
        }
        return findings.filter { !isSuppressed($0, sources: sources, ruleIDs: ids) }
    }

    /// A comment naming the rule a finding's rule was split from (`Rule.parent`) silences it too: it was written
    /// for that finding before the split.
    /// `ruleIDs`: the ids a line names (file, line number, text), read once per line by the caller.
    static func isSuppressed(_ finding: Finding, sources: SourceLines, ruleIDs: (String, Int, Substring) -> [String]) -> Bool {
        let file = finding.location.file, number = finding.location.line
        let names = Rule.namingIDs(of: finding.ruleID)
        if let own = sources.line(number, of: file), ruleIDs(file, number, own).contains(where: names.contains) {
            return true
        }
        if let previous = sources.line(number - 1, of: file), isCommentOnly(previous),
           ruleIDs(file, number - 1, previous).contains(where: names.contains) {
            return true
        }
        return false
    }

    /// The rule ids an ignore comment on this line names; empty when the line has none.
    public static func ruleIDs(in line: Substring) -> [String] {
        // A byte search first: Foundation's `range(of:)` compares characters, and took half a second on one
        // 62 KB line of a broken migration, asked once per finding (fuzz: found-6e73584c2ae1fb57.sql).
        guard let start = markerStart(in: line) else { return [] }
        let range = start ..< line.utf8.index(start, offsetBy: markerBytes.count)
        let before = line[..<range.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
        let opener = String(before.prefix(2).reversed())
        guard opener == "//" || opener == "--" || opener == "/*" else { return [] }
        var ids: [String] = []
        let rest = line[range.upperBound...]
        guard rest.first == nil || rest.first == " " || rest.first == "\t" || rest.first == "," else { return [] }
        for word in rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }) {
            guard isRuleID(word) else { break }
            ids.append(String(word))
        }
        return ids
    }

    private static let markerBytes = Array(marker.utf8)

    /// Where the first `marker` starts in `line`, found byte by byte (it is ASCII, so it starts a character
    /// wherever it occurs after a line break or an ASCII byte, which is all a comment opener may be).
    static func markerStart(in line: Substring) -> String.Index? {
        let utf8 = line.utf8
        let first = markerBytes[0]
        var index = utf8.startIndex
        while let at = utf8[index...].firstIndex(of: first) {
            if utf8[at...].starts(with: markerBytes) { return at }
            index = utf8.index(after: at)
        }
        return nil
    }

    /// Whether the line holds only a comment (so it speaks about the next line).
    static func isCommentOnly(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.hasPrefix("//") || trimmed.hasPrefix("--") || trimmed.hasPrefix("/*")
    }

    /// `sql-constraint-drift`: lowercase letters and digits in dash-separated words.
    static func isRuleID(_ word: Substring) -> Bool {
        guard let first = word.first, first.isASCII, first.isLowercase else { return false }
        guard !word.hasSuffix("-"), !word.contains("--") else { return false }
        return word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }
}
