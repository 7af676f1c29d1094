import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// A baseline written by an earlier version keeps working: `Tests/Fixtures/baseline-v1` is a project with the
/// baseline (format 1, fingerprints built from messages) that 0.2.0's `check --write-baseline` wrote for it. Today's
/// `check` accepts exactly the findings that file accepted, and writes format 2 (fingerprints built from subjects)
/// when the baseline is written again.
final class CLIBaselineFormatTests: XCTestCase {
    private static let baselineFile = ".naars-contracts-baseline.json"

    /// A fresh copy of the fixture project, removed when the test ends.
    private func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-baseline-v1-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures/baseline-v1"), to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private func json(_ result: CLIHarness.Result) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr)
    }

    private func baseline(_ root: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent(Self.baselineFile))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `rule file` for each finding of a report, or each accepted instance of a baseline's entries, sorted.
    /// Each finding as `rule file`, a rule split from another since the file was written (`sql-unknown-literal-read`)
    /// under the id the file knows it by.
    private func keys(ofReport document: [String: Any]) -> [String] {
        ((document["findings"] as? [[String: Any]]) ?? []).map { "\(formerID($0["rule"]!)) \($0["file"]!)" }.sorted()
    }

    private func keys(ofBaseline document: [String: Any]) -> [String] {
        ((document["findings"] as? [[String: Any]]) ?? []).flatMap { entry in
            Array(repeating: "\(formerID(entry["rule"]!)) \(entry["file"]!)", count: entry["count"] as? Int ?? 0)
        }.sorted()
    }

    private func formerID(_ id: Any) -> String {
        let id = "\(id)"
        return Rule.named(id)?.parent ?? id
    }

    /// The format-1 file's entries for the generated Swift files, which the registry no longer asks for
    /// (`generate: false`: the app declares those types), and for `BadgeCounts does not decode "rides_total"` (a
    /// hand-written `generate: false` decoder may ignore a payload field): they accept nothing now.
    private static let spent = ["generated-stale App/Generated/DeepLink.swift",
                                "generated-stale App/Generated/NotificationType.swift",
                                "generated-stale App/Generated/Payloads.swift",
                                "payload-shape-drift App/BadgeCounts.swift"]

    /// `keys` without one instance of each spent entry.
    private static func unspent(_ keys: [String]) -> [String] {
        var keys = keys
        for key in spent { keys.firstIndex(of: key).map { _ = keys.remove(at: $0) } }
        return keys
    }

    func testAFormat1BaselineStillAcceptsExactlyTheFindingsItWasWrittenFor() throws {
        let root = try project()
        let old = try baseline(root)
        XCTAssertEqual(old["version"] as? Int, 1, "the committed file is format 1")

        let accepted = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(accepted.status, 0, accepted.stdout)
        let report = try json(accepted)
        XCTAssertEqual(keys(ofReport: report), [])
        XCTAssertEqual((report["summary"] as? [String: Int])?["baselined"], 16)

        // Without it, the same findings report, subjects and all: the ones the file lists, no more, no fewer.
        try FileManager.default.removeItem(at: root.appendingPathComponent(Self.baselineFile))
        let all = try json(try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root))
        XCTAssertEqual(keys(ofReport: all), Self.unspent(keys(ofBaseline: old)))
        XCTAssertTrue(((all["findings"] as? [[String: Any]]) ?? []).contains { $0["subject"] != nil }, "findings carry subjects")
    }

    func testTheProjectsFindingsCarryTheirSubjects() throws {
        let root = try project()
        try FileManager.default.removeItem(at: root.appendingPathComponent(Self.baselineFile))
        let findings = (try json(try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root))["findings"] as? [[String: Any]]) ?? []
        let describe = { (subject: [String: Any]) in
            subject.keys.sorted().map { key -> String in
                let value = subject[key]!
                let text = (value as? [String]).map { "[" + $0.joined(separator: ",") + "]" } ?? (value is NSNull ? "null" : "\(value)")
                return "\(key)=\(text)"
            }.joined(separator: " ")
        }
        let subjects = findings.compactMap { finding in
            (finding["subject"] as? [String: Any]).map { "\(finding["rule"]!) \(finding["file"]!):\(finding["line"]!) \(describe($0))" }
        }
        XCTAssertEqual(subjects, [
            "payload-shape-drift App/BadgeCounts.swift:7 field=rides_totl kind=payload-field payload=BadgeCounts",
            "swift-deeplink-drift App/DeepLink.swift:5 case=conversation kind=deep-link-case parameter=id",
            "swift-deeplink-drift App/DeepLink.swift:6 case=profile kind=deep-link-case parameter=null",
            "swift-enum-drift App/NotificationType.swift:3 enum=NotificationType kind=enum-value value=ride_update",
            "swift-unknown-literal-read App/NotificationType.swift:6 enum=NotificationType kind=enum-value value=mesage",
            "sql-constraint-drift database/001_init.sql:4 enum=NotificationType extra=[ride_updated] kind=enum-values missing=[ride_update]",
            "sql-unknown-literal database/001_init.sql:7 enum=NotificationType kind=enum-value value=ride_claimd",
            "payload-shape-drift database/002_badges.sql:3 extra=[rides_totl] kind=payload-fields missing=[rides_total] payload=BadgeCounts",
            "migration-gap database/004_late.sql:1 file=database/004_late.sql kind=migration-file",
            "sql-unknown-literal-read database/004_late.sql:1 enum=NotificationType kind=enum-value value=mesage",
            "generated-stale supabase/functions/_shared/generated/deepLinks.ts:1 file=supabase/functions/_shared/generated/deepLinks.ts kind=file",
            "generated-stale supabase/functions/_shared/generated/notificationTypes.ts:1 "
                + "file=supabase/functions/_shared/generated/notificationTypes.ts kind=file",
            "generated-stale supabase/functions/_shared/generated/payloads.ts:1 file=supabase/functions/_shared/generated/payloads.ts kind=file",
            "ts-const-drift supabase/functions/notify/index.ts:3 enum=NotificationType kind=enum-value value=ride_update",
            "ts-unknown-literal supabase/functions/notify/index.ts:11 enum=NotificationType kind=enum-value value=rides_update",
            "payload-shape-drift supabase/functions/notify/index.ts:13 field=rides_totl kind=payload-field payload=BadgeCounts",
        ])
        XCTAssertEqual(findings.count - subjects.count, 0, "every finding has a subject")
    }

    func testAFormat1BaselineStillReportsNewDrift() throws {
        let root = try project()
        let sql = root.appendingPathComponent("database/004_late.sql")
        try Data((try String(contentsOf: sql, encoding: .utf8) + "DELETE FROM public.notifications WHERE type = 'ride_claimd';\n").utf8)
            .write(to: sql)
        let result = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 1, result.stdout)
        let report = try json(result)
        XCTAssertEqual(keys(ofReport: report), ["sql-unknown-literal database/004_late.sql"])
        XCTAssertEqual((report["summary"] as? [String: Int])?["baselined"], 16)
    }

    func testWritingTheBaselineAgainWritesFormat3ThatAcceptsTheSameFindings() throws {
        let root = try project()
        let old = try baseline(root)
        let write = try CLIHarness.run(["check", "--no-cache", "--write-baseline"], in: root)
        XCTAssertEqual(write.status, 0, write.stderr)
        let new = try baseline(root)
        XCTAssertEqual(new["version"] as? Int, 3)
        XCTAssertEqual(keys(ofBaseline: new), Self.unspent(keys(ofBaseline: old)))
        // Every finding has a subject, and is fingerprinted by it now (a stale generated file by its path, the
        // migration gap by its migration): none keeps the fingerprint format 1 gave it.
        let fingerprints = { (document: [String: Any]) in
            Set(((document["findings"] as? [[String: Any]]) ?? []).compactMap { $0["fingerprint"] as? String })
        }
        let kept = fingerprints(new).intersection(fingerprints(old))
        XCTAssertEqual(kept.count, 0)

        let accepted = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(accepted.status, 0, accepted.stdout)
        XCTAssertEqual((try json(accepted)["summary"] as? [String: Int])?["baselined"], 16)
    }
}
