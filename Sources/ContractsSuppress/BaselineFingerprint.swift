import ContractsCore

/// The identity of a finding that survives edits elsewhere in its file: a hash of the rule, the file,
/// the message and the trimmed text of the finding's line, but not the line number, so adding lines
/// above an accepted finding keeps it accepted while changing the offending line itself does not.
public enum BaselineFingerprint {
    /// 16 hex digits (FNV-1a, 64 bit) of rule, file, message and trimmed line text, NUL-separated.
    /// Not a security hash: it only has to be stable across machines and Swift versions, which
    /// `Hasher` (randomly seeded per process) is not.
    public static func of(_ finding: Finding, lineText: Substring?) -> String {
        let line = (lineText ?? "").trimmingWhitespace()
        let key = [finding.ruleID, finding.location.file, finding.message, String(line)].joined(separator: "\u{0}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
