/// A finding's identity as a short stable hash, for what must recognise the same finding on another run: the
/// baseline (`BaselineFingerprint`, which adds the line's text) and the `codeclimate` report's `fingerprint`, by
/// which GitLab tells new findings of a merge request from those its target branch already had.
public enum FindingFingerprint {
    /// What `finding` is about, as hash parts: its subject when its rule gives one (so a reworded message keeps
    /// the identity), else its message.
    public static func about(_ finding: Finding) -> [String] {
        finding.subject.map(parts(of:)) ?? [finding.message]
    }

    /// A subject as hash parts: its kind after U+0001 (no message starts so), then each member; a list is its
    /// count and its items joined by U+001F, an absent member is empty.
    public static func parts(of subject: FindingSubject) -> [String] {
        let list = { (values: [String]) in ([String(values.count)] + values).joined(separator: "\u{1F}") }
        let members: [String]
        switch subject {
        case .enumValue(let enumName, let value): members = [enumName, value]
        case .enumValues(let enumName, let missing, let extra): members = [enumName, list(missing), list(extra)]
        case .deepLinkCase(let name, let parameter): members = [name, parameter ?? ""]
        case .payloadField(let payload, let field): members = [payload, field ?? ""]
        case .payloadFields(let payload, let missing, let extra): members = [payload, list(missing), list(extra)]
        case .migrationFile(let path), .file(let path): members = [path]
        case .enumColumn(let enumName, let column): members = [enumName, column]
        case .pushKey(let key): members = [key]
        case .function(let name), .relation(let name), .edgeFunction(let name): members = [name]
        case .relationColumn(let relation, let column): members = [relation, column]
        }
        return ["\u{1}" + subject.kind] + members
    }

    /// 16 hex digits (FNV-1a, 64 bit) of `parts`, NUL-separated. Not a security hash: it only has to be stable
    /// across machines and Swift versions, which `Hasher` (randomly seeded per process) is not.
    public static func hash(_ parts: [String]) -> String {
        let key = parts.joined(separator: "\u{0}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
