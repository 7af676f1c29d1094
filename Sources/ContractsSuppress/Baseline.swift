import ContractsCore
import ContractsReport
import Foundation

/// Findings a team has accepted, so `check` can be adopted on a repository that already drifts and
/// still fail on every new drift: `check --write-baseline` records every current finding in the file
/// `registry.baseline` names, and later checks drop findings the file accounts for.
///
/// Matching is by rule, file and `BaselineFingerprint`, never by line number, and counts: a baseline
/// entry with `count: 1` accepts one instance, so a second identical finding added later still reports.
///
/// A file of format 1 (written before findings had subjects, its fingerprints built from messages) is still read
/// and matched as it was written. A file of format 2 (0.2.0, when some rules gave no subject, so their entries were
/// built from messages) is matched by subject or, failing that, by message, so a finding that gained a subject
/// since is still accepted. `check --write-baseline` writes the current format.
public struct Baseline: Equatable, Sendable {
    /// One accepted finding (or `count` identical ones).
    public struct Entry: Equatable, Sendable, Codable {
        public var rule: String
        public var file: String
        public var fingerprint: String
        /// How many identical findings are accepted.
        public var count: Int
        /// The message when the baseline was written; for people reading the file, not for matching.
        public var message: String

        public init(rule: String, file: String, fingerprint: String, count: Int, message: String) {
            self.rule = rule
            self.file = file
            self.fingerprint = fingerprint
            self.count = count
            self.message = message
        }
    }

    /// The format version written as `"version"`: 3 fingerprints every finding by its subject
    /// (`BaselineFingerprint.of`); 2 did so for the findings that had one and by message for the others; 1 by its
    /// message (`BaselineFingerprint.messageBased`).
    public static let version = 3
    /// The formats `init(data:)` reads.
    public static let readableVersions = 1...version

    /// Sorted by file, rule, fingerprint.
    public var entries: [Entry]
    /// The format the entries' fingerprints were made in, and that `encoded()` writes.
    public var format: Int

    public init(entries: [Entry], format: Int = Baseline.version) {
        self.entries = entries.sorted { ($0.file, $0.rule, $0.fingerprint) < ($1.file, $1.rule, $1.fingerprint) }
        self.format = format
    }

    /// A baseline accepting exactly `findings` (what `check --write-baseline` writes).
    public init(findings: [Finding], tree: FileTree) {
        let sources = SourceLines(for: findings, in: tree)
        var byKey: [Key: Entry] = [:]
        for finding in findings {
            let key = Baseline.key(finding, sources: sources)
            byKey[key, default: Entry(rule: key.rule, file: key.file, fingerprint: key.fingerprint, count: 0,
                                      message: finding.message)].count += 1
        }
        self.init(entries: Array(byKey.values))
    }

    /// Reads a baseline file's bytes.
    public init(data: Data) throws {
        struct Document: Decodable {
            var version: Int
            var findings: [Entry]
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw BaselineError(message: "not a naars-contracts baseline (\(error)); rewrite it with `naars-contracts check --write-baseline`")
        }
        guard Baseline.readableVersions.contains(document.version) else {
            throw BaselineError(message: "baseline version \(document.version) is not supported (expected \(Baseline.readableVersions.map(String.init).joined(separator: " or ")))")
        }
        self.init(entries: document.findings, format: document.version)
    }

    /// The file's bytes: pretty-printed JSON with sorted keys, so it diffs well under review.
    public func encoded() -> Data {
        let findings = entries.map { entry in
            JSONValue.object([
                "rule": .string(entry.rule), "file": .string(entry.file), "fingerprint": .string(entry.fingerprint),
                "count": .int(entry.count), "message": .string(entry.message),
            ])
        }
        return Data(JSONValue.object(["version": .int(format), "findings": .array(findings)]).rendered().utf8)
    }

    /// The findings the baseline does not account for, in their original order. When more findings share
    /// an entry than it counts, the later ones in report order are the ones kept.
    public func unaccepted(_ findings: [Finding], tree: FileTree) -> [Finding] {
        let sources = SourceLines(for: findings, in: tree)
        var budget: [Key: Int] = [:]
        for entry in entries {
            budget[Key(rule: entry.rule, file: entry.file, fingerprint: entry.fingerprint), default: 0] += entry.count
        }
        var accepted = Set<Int>()
        let order = findings.indices.sorted { a, b in
            let x = findings[a], y = findings[b]
            if x.location != y.location { return x.location < y.location }
            if x.ruleID != y.ruleID { return x.ruleID < y.ruleID }
            if x.message != y.message { return x.message < y.message }
            return a < b
        }
        for i in order {
            // An entry written before the finding's rule was split from another (`Rule.parent`) names the other.
            for id in Rule.namingIDs(of: findings[i].ruleID) {
                var finding = findings[i]
                finding.ruleID = id
                if let key = Baseline.keys(finding, sources: sources, format: format)
                    .first(where: { (budget[$0] ?? 0) > 0 }) {
                    budget[key, default: 0] -= 1
                    accepted.insert(i)
                    break
                }
            }
        }
        return findings.indices.filter { !accepted.contains($0) }.map { findings[$0] }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var fingerprint: String
    }

    static func key(_ finding: Finding, sources: SourceLines, format: Int = Baseline.version) -> Key {
        keys(finding, sources: sources, format: format)[0]
    }

    /// The keys an entry of `format` may have for `finding`, the likeliest first: format 2 entries are by subject
    /// for the findings 0.2.0 gave one and by message for the others, which may have one now.
    static func keys(_ finding: Finding, sources: SourceLines, format: Int) -> [Key] {
        let line = sources.line(finding.location.line, of: finding.location.file)
        let key = { Key(rule: finding.ruleID, file: finding.location.file, fingerprint: $0) }
        switch format {
        case 1: return [key(BaselineFingerprint.messageBased(finding, lineText: line))]
        case 2 where finding.subject != nil:
            return [key(BaselineFingerprint.of(finding, lineText: line)),
                    key(BaselineFingerprint.messageBased(finding, lineText: line))]
        default: return [key(BaselineFingerprint.of(finding, lineText: line))]
        }
    }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
