import ContractsCore

/// The identity of a finding that survives edits elsewhere in its file: a hash of the rule, the file, what the
/// finding is about and the trimmed text of the finding's line, but not the line number, so adding lines above an
/// accepted finding keeps it accepted while changing the offending line itself does not.
///
/// What the finding is about is its subject when its rule gives one (an enum value, a deep-link case, a payload
/// field: `FindingSubject`), so a message reworded by a later version still matches; else its message. Baseline
/// format 1 always used the message: `messageBased` keeps that form for the files written then.
public enum BaselineFingerprint {
    /// 16 hex digits (FNV-1a, 64 bit) of rule, file, subject (or message, for a finding without one) and trimmed
    /// line text (`FindingFingerprint`).
    public static func of(_ finding: Finding, lineText: Substring?) -> String {
        FindingFingerprint.hash([finding.ruleID, finding.location.file] + FindingFingerprint.about(finding)
            + [String((lineText ?? "").trimmingWhitespace())])
    }

    /// The fingerprint of baseline format 1: rule, file, message and trimmed line text, whatever the subject.
    public static func messageBased(_ finding: Finding, lineText: Substring?) -> String {
        FindingFingerprint.hash([finding.ruleID, finding.location.file, finding.message,
                                 String((lineText ?? "").trimmingWhitespace())])
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
