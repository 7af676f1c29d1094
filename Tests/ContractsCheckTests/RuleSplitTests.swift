import ContractsCheck
import ContractsCore
import ContractsSuppress
import ContractsTestSupport
import Foundation
import XCTest

/// A misspelt type literal that is read (a dead branch) and one that is written (a broken write) have their own
/// rule ids, and what a project wrote naming the one id before the split (`rules:`, an ignore comment, a baseline
/// entry, `--only-rule`) still covers both.
final class RuleSplitTests: XCTestCase {
    /// The same misspelling, read and written, in each language; and a correct read and write beside each.
    private static let files = [
        "database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE FUNCTION public.unread_messages() RETURNS bigint LANGUAGE sql AS $$
              SELECT count(*) FROM public.notifications WHERE type = 'new_mesage' OR type = 'message'
            $$;
            CREATE FUNCTION public.welcome(p_id bigint) RETURNS void LANGUAGE sql AS $$
              INSERT INTO public.notifications (id, type) VALUES (p_id, 'new_mesage');
              INSERT INTO public.notifications (id, type) VALUES (p_id, 'message');
            $$;

            """,
        "App/Inbox.swift": """
            import Foundation
            import Supabase

            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
            }

            func title(for userInfo: [AnyHashable: Any]) -> String {
                switch userInfo["type"] as? String {
                case "new_mesage": return "New message"
                case "message": return "Message"
                default: return ""
                }
            }

            func welcome(_ client: SupabaseClient) async throws {
                try await client.from("notifications").insert(["type": "new_mesage"]).execute()
            }

            """,
        "supabase/functions/notify/index.ts": """
            export async function notify(supabase: any, userId: string, row: { type: string }) {
              await supabase.from('notifications').insert({ user_id: userId, type: 'new_mesage' });
              if (row.type === 'new_mesage' || row.type === 'message') return;
            }

            """,
    ]

    private func project(rules: String = "", files: [String: String] = RuleSplitTests.files) throws -> CheckContext {
        let text = RuleExample.baseRegistry + (rules.isEmpty ? "" : "rules:\n" + rules)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml", ruleIDs: RuleCatalog.ids)
        return CheckContext(registry: registry, tree: MemoryTree(text: files))
    }

    private func literals(_ findings: [Finding]) -> [String] {
        findings.filter { $0.ruleID.contains("unknown-literal") }
            .map { "\($0.location.file):\($0.location.line) \($0.ruleID) \($0.severity.rawValue)" }
    }

    func testAReadAndAWriteOfOneMisspellingHaveTheirOwnIDs() throws {
        let context = try project()
        let reported = FindingFilter.apply(try ContractCheck.findings(in: context), registry: context.registry,
                                           tree: context.tree, baseline: nil)
        XCTAssertEqual(literals(reported), [
            "App/Inbox.swift:11 swift-unknown-literal-read error",
            "App/Inbox.swift:18 swift-unknown-literal error",
            "database/001_init.sql:4 sql-unknown-literal-read error",
            "database/001_init.sql:7 sql-unknown-literal error",
            "supabase/functions/notify/index.ts:2 ts-unknown-literal error",
            "supabase/functions/notify/index.ts:3 ts-unknown-literal-read error",
        ])
        // The messages did not change with the ids.
        XCTAssertTrue(reported.contains { $0.ruleID == "sql-unknown-literal-read" && $0.message.hasPrefix("'new_mesage' (compared with") },
                      "\(reported.map(\.message))")
    }

    func testTheRuleItWasSplitFromNamesItInRules() throws {
        let context = try project(rules: "  swift-unknown-literal: warning\n  ts-unknown-literal: off\n")
        let reported = FindingFilter.apply(try ContractCheck.findings(in: context), registry: context.registry,
                                           tree: context.tree, baseline: nil)
        XCTAssertEqual(literals(reported), [
            "App/Inbox.swift:11 swift-unknown-literal-read warning",
            "App/Inbox.swift:18 swift-unknown-literal warning",
            "database/001_init.sql:4 sql-unknown-literal-read error",
            "database/001_init.sql:7 sql-unknown-literal error",
        ])
    }

    func testTheReadIDsOwnSettingWins() throws {
        let context = try project(rules: """
              swift-unknown-literal-read: warning
              ts-unknown-literal-read: warning
              sql-unknown-literal: off
              sql-unknown-literal-read: error

            """)
        let reported = FindingFilter.apply(try ContractCheck.findings(in: context), registry: context.registry,
                                           tree: context.tree, baseline: nil)
        XCTAssertEqual(literals(reported), [
            "App/Inbox.swift:11 swift-unknown-literal-read warning",
            "App/Inbox.swift:18 swift-unknown-literal error",
            "database/001_init.sql:4 sql-unknown-literal-read error",
            "supabase/functions/notify/index.ts:2 ts-unknown-literal error",
            "supabase/functions/notify/index.ts:3 ts-unknown-literal-read warning",
        ])
        // Dead branches as warnings: the writes alone fail the check.
        XCTAssertEqual(Set(reported.filter { $0.severity == .error && $0.ruleID.contains("unknown-literal") }.map(\.ruleID)),
                       ["swift-unknown-literal", "sql-unknown-literal-read", "ts-unknown-literal"])
    }

    func testAnIgnoreCommentNamingTheOldIDSilencesTheRead() throws {
        var files = Self.files
        files["App/Inbox.swift"] = files["App/Inbox.swift"]!.replacingOccurrences(
            of: "case \"new_mesage\": return \"New message\"",
            with: "case \"new_mesage\": return \"New message\" // naars-contracts:ignore swift-unknown-literal")
        files["supabase/functions/notify/index.ts"] = files["supabase/functions/notify/index.ts"]!.replacingOccurrences(
            of: "  if (row.type", with: "  // naars-contracts:ignore ts-unknown-literal-read\n  if (row.type")
        let context = try project(files: files)
        let raw = try ContractCheck.findings(in: context)
        let counted = FindingFilter.applyCounting(raw, registry: context.registry, tree: context.tree, baseline: nil)
        XCTAssertEqual(literals(counted.findings), [
            "App/Inbox.swift:18 swift-unknown-literal error",
            "database/001_init.sql:4 sql-unknown-literal-read error",
            "database/001_init.sql:7 sql-unknown-literal error",
            "supabase/functions/notify/index.ts:2 ts-unknown-literal error",
        ])
        XCTAssertEqual(counted.suppressed, 2)
    }

    /// A baseline written before the split names the read under the old id: it still accepts it, in both formats,
    /// and accepts nothing else (a write of the same value on the same line text would be new).
    func testABaselineWrittenBeforeTheSplitStillAcceptsTheReads() throws {
        let context = try project()
        let raw = try ContractCheck.findings(in: context)
        let reads = raw.filter { $0.ruleID.hasSuffix("-unknown-literal-read") }
        XCTAssertEqual(reads.count, 3)
        let beforeSplit = reads.map { finding -> Finding in
            var old = finding
            old.ruleID = Rule.named(finding.ruleID)!.parent!
            return old
        }
        let current = Baseline(findings: beforeSplit, tree: context.tree)
        XCTAssertEqual(Set(current.entries.map(\.rule)), ["swift-unknown-literal", "ts-unknown-literal", "sql-unknown-literal"])
        let left = current.unaccepted(raw, tree: context.tree)
        XCTAssertEqual(left.filter { $0.ruleID.contains("unknown-literal") }.map(\.ruleID).sorted(),
                       ["sql-unknown-literal", "swift-unknown-literal", "ts-unknown-literal"], "only the writes are new")

        let v1 = Baseline(entries: beforeSplit.map { finding in
            let line = Self.files[finding.location.file]!.split(separator: "\n", omittingEmptySubsequences: false)[finding.location.line - 1]
            return Baseline.Entry(rule: finding.ruleID, file: finding.location.file,
                                  fingerprint: BaselineFingerprint.messageBased(finding, lineText: line), count: 1, message: finding.message)
        }, format: 1)
        XCTAssertEqual(v1.unaccepted(reads, tree: context.tree), [])

        // The new id is what a baseline written now records; it does not accept the write.
        let now = Baseline(findings: reads, tree: context.tree)
        XCTAssertEqual(Set(now.entries.map(\.rule)), ["swift-unknown-literal-read", "ts-unknown-literal-read", "sql-unknown-literal-read"])
        XCTAssertEqual(now.unaccepted(raw, tree: context.tree).filter { $0.ruleID.contains("unknown-literal") }.count, 3)
    }

    func testTheCatalogListsEachReadIDAfterItsParent() {
        let ids = RuleCatalog.ids
        for parent in ["sql-unknown-literal", "swift-unknown-literal", "ts-unknown-literal"] {
            let index = ids.firstIndex(of: parent)!
            XCTAssertEqual(ids[index + 1], parent + "-read")
            XCTAssertEqual(Rule.named(parent + "-read")?.parent, parent)
            XCTAssertEqual(Rule.named(parent + "-read")?.defaultSeverity, .error, "existing reports keep their exit code")
            XCTAssertEqual(Rule.namingIDs(of: parent + "-read"), [parent + "-read", parent])
            XCTAssertEqual(Rule.namingIDs(of: parent), [parent])
        }
    }

    func testOnlyRuleNamingTheOldIDReportsTheReadsToo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rule-split-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var files = Self.files
        files["registry.yaml"] = RuleExample.baseRegistry
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let old = try CLIHarness.run(["check", "--no-cache", "--format", "xcode", "--only-rule", "swift-unknown-literal"], in: root)
        XCTAssertEqual(old.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: "(").last ?? "" },
                       ["swift-unknown-literal-read)", "swift-unknown-literal)"], old.stdout + old.stderr)
        let read = try CLIHarness.run(["check", "--no-cache", "--format", "xcode", "--only-rule", "swift-unknown-literal-read"], in: root)
        XCTAssertEqual(read.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: "(").last ?? "" },
                       ["swift-unknown-literal-read)"], read.stdout + read.stderr)
        XCTAssertEqual(read.status, 1)
    }
}
