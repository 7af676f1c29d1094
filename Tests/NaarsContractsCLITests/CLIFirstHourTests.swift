import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// The first hour of issue 41, through the built binary: `init --dry-run` prints the summary too, `check --fix
/// --dry-run` exits as `check` does, the report after `check --fix` is the fixed tree's, the human formats fold the
/// stale generated files into one finding.
final class CLIFirstHourTests: XCTestCase {
    // MARK: init --dry-run

    /// The registry on standard output, byte for byte what `init` then writes; on standard error the summary `init`
    /// prints when it writes, its first line saying nothing was written.
    func testInitDryRunPrintsTheSummaryOnStandardError() throws {
        let root = try FixtureApp.copy("match-app-clean", for: self, generated: false)
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml"))
        let before = CLIHarness.snapshot(root)
        let dry = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))

        let written = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8), dry.stdout)
        let summary = written.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let dryLines = dry.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(summary.first, "wrote registry.yaml and registry.schema.json")
        XCTAssertEqual(dryLines.first,
                       "would write registry.yaml and registry.schema.json (--dry-run: nothing written; the registry is on standard output)")
        XCTAssertGreaterThan(summary.count, 4, written.stdout)
        XCTAssertEqual(dryLines.dropFirst(), summary.dropFirst(), "the dry run's summary is the one init prints when it writes")
        XCTAssertTrue(dry.stderr.contains("  column       public.matches.remote_status"), dry.stderr)
    }

    /// A tree with no contract to start from: the starter's summary, said the same way.
    func testInitDryRunSaysTheStarterToo() throws {
        let root = try CLIHarness.project(["db/migrations/001_init.sql": "CREATE TABLE t (id bigint);\n",
                                           "App/Main.swift": "let x = 1\n"])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let dry = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stderr.hasPrefix("would write registry.yaml (--dry-run: nothing written; the registry is on standard output): a starter"),
                      dry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
        let written = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(dry.stderr.split(separator: "\n").dropFirst(), written.stdout.split(separator: "\n").dropFirst())
    }

    // MARK: check --fix --dry-run

    /// Nothing is written, so the exit code is the one `check` gives the tree as it is, whatever the fix would do:
    /// 1 while an error is left on disk (fixable or not), 0 when clean; `--strict` and `rules:` as `check` applies
    /// them. Standard output is the diff alone; standard error says what would be fixed and what would remain.
    func testFixDryRunExitsWithTheCodeCheckGives() throws {
        let cases: [(name: String, literals: [String], registry: String, options: [String], status: Int32, stderr: String)] = [
            ("clean", ["message"], "", [], 0, "Nothing to fix.\n"),
            ("unfixable only", ["chore_due"], "", [], 1,
             "Nothing to fix; 1 error remains (`naars-contracts check` lists them).\n"),
            ("fixable only", ["mesage"], "", [], 1, "Would fix 1 finding(s) in 1 file(s); nothing written.\n"),
            ("both", ["mesage", "chore_due"], "", [], 1,
             "Would fix 1 finding(s) in 1 file(s); nothing written. 1 error would remain (`naars-contracts check` lists them).\n"),
            ("a warning", ["mesage"], "rules:\n  swift-unknown-literal-read: warning\n", [], 0,
             "Would fix 1 finding(s) in 1 file(s); nothing written.\n"),
            ("a warning, --strict", ["mesage"], "rules:\n  swift-unknown-literal-read: warning\n", ["--strict"], 1,
             "Would fix 1 finding(s) in 1 file(s); nothing written.\n"),
        ]
        for c in cases {
            let root = try Self.project(literals: c.literals, registryTail: c.registry)
            let check = try CLIHarness.run(["check"] + c.options, in: root)
            XCTAssertEqual(check.status, c.status, "\(c.name): plain check\n\(check.stdout)")
            let before = CLIHarness.snapshot(root)
            let dry = try CLIHarness.run(["check", "--fix", "--dry-run"] + c.options, in: root)
            XCTAssertEqual(dry.status, c.status, "\(c.name): the dry run exits as check does\n\(dry.stderr)")
            XCTAssertEqual(dry.stderr, c.stderr, c.name)
            XCTAssertEqual(dry.stdout.isEmpty, !c.literals.contains("mesage"), "\(c.name): \(dry.stdout)")
            if c.literals.contains("mesage") {
                XCTAssertTrue(dry.stdout.hasPrefix("--- a/App/Inbox.swift\n+++ b/App/Inbox.swift\n"), dry.stdout)
                XCTAssertTrue(dry.stdout.contains("+let t0 = NotificationType(rawValue: \"message\")"), dry.stdout)
            }
            CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        }
    }

    // MARK: the report after check --fix

    /// After `check --fix` writes, its report is a check of the tree as written: the finding it fixed is gone, the
    /// rest is what a plain `check` then reports, and the exit code follows that report. A plain `check` first
    /// leaves the cache, so a report taken from it (or from its steps begun before the fix) would still list the fix.
    func testTheReportAfterFixIsTheFixedTreesReport() throws {
        let root = try Self.project(literals: ["mesage", "chore_due"])
        let before = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(before.status, 1)
        XCTAssertEqual(try Self.findings(before.stdout).map(\.message), ["mesage", "chore_due"])

        let fixed = try CLIHarness.run(["check", "--fix", "--format", "json"], in: root)
        XCTAssertEqual(fixed.status, 1, "chore_due is left: exit 1\n\(fixed.stderr)")
        XCTAssertEqual(try Self.findings(fixed.stdout).map(\.message), ["chore_due"], fixed.stdout)
        XCTAssertTrue(fixed.stderr.hasSuffix("Fixed 1 finding(s) in 1 file(s).\n"), fixed.stderr)
        let after = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(try Self.findings(after.stdout).map(\.key), try Self.findings(fixed.stdout).map(\.key))

        // All fixed: the report is clean and the exit code 0, in the default text format too.
        let clean = try Self.project(literals: ["mesage"])
        XCTAssertEqual(try CLIHarness.run(["check"], in: clean).status, 1)
        let run = try CLIHarness.run(["check", "--fix"], in: clean)
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertEqual(run.stdout, "No drift found.\n")
        XCTAssertEqual(run.stderr, "Fixed 1 finding(s) in 1 file(s).\n")
        let plain = try CLIHarness.run(["check"], in: clean)
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertEqual(plain.stdout, "No drift found.\n")
    }

    // MARK: generated-stale folded

    /// The stale generated files of one run are one finding in `text`, `xcode`, `github` and `markdown` (listed
    /// with `--verbose`), one entry a file in `json`, `sarif`, `junit` and `codeclimate`; the baseline still accepts
    /// them file by file, and the exit code is the same either way.
    func testGeneratedStaleFindingsFoldInTheHumanFormats() throws {
        let root = try Self.project(literals: ["message"], registryTail: "enums:\n  ReportTargetType:\n    values: [message, profile]\n",
                                    generateFalse: false)
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let json = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(json.status, 0, json.stdout)
        let generated = try Self.generatedFiles(root)
        XCTAssertEqual(generated.count, 3, "\(generated)")

        // One file accepted by the baseline, then every generated file missing.
        try FileManager.default.removeItem(at: root.appendingPathComponent(generated[0]))
        XCTAssertEqual(try CLIHarness.run(["check", "--write-baseline"], in: root).status, 0)
        for path in generated.dropFirst() { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
        let stale = generated.dropFirst().sorted()

        let machine = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(machine.status, 1)
        XCTAssertEqual(try Self.findings(machine.stdout).filter { $0.rule == "generated-stale" }.map(\.file), stale)
        for (format, marker) in [("sarif", "\"ruleId\" : \"generated-stale\""), ("junit", "classname=\"generated-stale\""),
                                 ("codeclimate", "\"check_name\":\"generated-stale\"")] {
            let run = try CLIHarness.run(["check", "--format", format], in: root)
            XCTAssertEqual(run.status, 1, format)
            let compact = run.stdout.replacingOccurrences(of: "\": \"", with: "\":\"")
            let count = compact.components(separatedBy: marker.replacingOccurrences(of: "\" : \"", with: "\":\"")).count - 1
            XCTAssertEqual(count, stale.count, "\(format): one entry a file\n\(run.stdout.prefix(2000))")
        }

        let head = "\(stale.count) generated files are missing or stale: run `naars-contracts generate`"
        let text = try CLIHarness.run(["check"], in: root)
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stdout.components(separatedBy: "(generated-stale)").count - 1, 1, text.stdout)
        XCTAssertTrue(text.stdout.contains("\(stale[0])\n  1:1  error    \(head) (`--verbose` lists them)  (generated-stale)"), text.stdout)
        XCTAssertFalse(text.stdout.contains(stale[1]), "the files are listed only with --verbose")
        XCTAssertTrue(text.stdout.hasSuffix("1 error in 1 file (1 finding accepted by the baseline)\n"), text.stdout)

        let verbose = try CLIHarness.run(["check", "--verbose"], in: root)
        XCTAssertEqual(verbose.status, 1)
        XCTAssertTrue(verbose.stdout.contains("  1:1  error    \(head)  (generated-stale)\n"), verbose.stdout)
        for path in stale { XCTAssertTrue(verbose.stdout.contains("      \(path) is missing; it is generated from registry.yaml\n"), path) }
        XCTAssertFalse(verbose.stdout.contains("\(generated[0]) is missing"), "the baseline accepted it")

        let xcode = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(xcode.status, 1)
        XCTAssertEqual(xcode.stdout.components(separatedBy: ": error: ").count - 1, 1, xcode.stdout)
        XCTAssertTrue(xcode.stdout.contains("/\(stale[0]):1:1: error: \(head) (`--verbose` lists them) (generated-stale)\n"), xcode.stdout)

        let github = try CLIHarness.run(["check", "--format", "github"], in: root, environment: ["GITHUB_STEP_SUMMARY": ""])
        XCTAssertEqual(github.status, 1)
        XCTAssertEqual(github.stdout, "::error file=\(stale[0]),line=1,col=1,title=generated-stale::\(head) (`--verbose` lists them)\n")

        let markdown = try CLIHarness.run(["check", "--format", "markdown"], in: root)
        XCTAssertEqual(markdown.status, 1)
        XCTAssertEqual(markdown.stdout.components(separatedBy: "generated-stale").count - 1, 1, markdown.stdout)
    }

    // MARK: helpers

    /// A project on `RuleExample.baseRegistry` (its Swift enum kept, `generate: false`, unless `generateFalse` is
    /// false) whose App/Inbox.swift reads each of `literals` as a notification type (`mesage` is one edit from
    /// `message`: `--fix` corrects it; `chore_due` is near nothing), with what `generate` writes.
    static func project(literals: [String], registryTail: String = "", generateFalse: Bool = true) throws -> URL {
        var registry = RuleExample.baseRegistry + registryTail
        if generateFalse {
            registry = registry.replacingOccurrences(of: "  swift_enum: NotificationType\n",
                                                     with: "  swift_enum: NotificationType\n  generate: false\n")
        }
        let enumDeclaration = generateFalse ? "enum NotificationType: String {\n    case message\n    case rideUpdate = \"ride_update\"\n}\n" : ""
        let reads = literals.enumerated().map { "let t\($0.offset) = NotificationType(rawValue: \"\($0.element)\")\n" }.joined()
        let root = try CLIHarness.project([
            "registry.yaml": registry,
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id bigint, type text NOT NULL,
                  CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));

                """,
            "App/Inbox.swift": enumDeclaration + reads,
        ])
        let generate = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        return root
    }

    /// The files `generate` wrote, from its manifest (the manifest itself left out).
    static func generatedFiles(_ root: URL) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(".naars-contracts-generated"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }.sorted()
    }

    struct Reported: Equatable {
        var rule: String
        var file: String
        var message: String
        var key: String { "\(rule) \(file) \(message)" }
    }

    /// The findings of a JSON report: rule, file and, for the notification-type literals, the literal (else the message).
    static func findings(_ json: String) throws -> [Reported] {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try XCTUnwrap(document["findings"] as? [[String: Any]]).map { finding in
            let message = finding["message"] as? String ?? ""
            let literal = message.hasPrefix("\"") ? String(message.dropFirst().prefix { $0 != "\"" }) : message
            let file = finding["file"] as? String ?? ""
            return Reported(rule: finding["rule"] as? String ?? "", file: file, message: literal)
        }
    }
}
