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
    /// line text, NUL-separated; a subject counts as several parts (`parts(of:)`). Not a security hash: it only has
    /// to be stable across machines and Swift versions, which `Hasher` (randomly seeded per process) is not.
    public static func of(_ finding: Finding, lineText: Substring?) -> String {
        let about = finding.subject.map(parts(of:)) ?? [finding.message]
        return hash([finding.ruleID, finding.location.file] + about + [String((lineText ?? "").trimmingWhitespace())])
    }

    /// The fingerprint of baseline format 1: rule, file, message and trimmed line text, whatever the subject.
    public static func messageBased(_ finding: Finding, lineText: Substring?) -> String {
        hash([finding.ruleID, finding.location.file, finding.message, String((lineText ?? "").trimmingWhitespace())])
    }

    /// A subject as fingerprint parts: its kind after U+0001 (no message starts so), then each member; a list is
    /// its count and its items joined by U+001F, an absent member is empty.
    static func parts(of subject: FindingSubject) -> [String] {
        let list = { (values: [String]) in ([String(values.count)] + values).joined(separator: "\u{1F}") }
        let members: [String]
        switch subject {
        case .enumValue(let enumName, let value): members = [enumName, value]
        case .enumValues(let enumName, let missing, let extra): members = [enumName, list(missing), list(extra)]
        case .deepLinkCase(let name, let parameter): members = [name, parameter ?? ""]
        case .payloadField(let payload, let field): members = [payload, field ?? ""]
        case .payloadFields(let payload, let missing, let extra): members = [payload, list(missing), list(extra)]
        case .migrationFile(let path): members = [path]
        }
        return ["\u{1}" + subject.kind] + members
    }

    private static func hash(_ parts: [String]) -> String {
        let key = parts.joined(separator: "\u{0}")
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
