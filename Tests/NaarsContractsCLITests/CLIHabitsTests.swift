import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// The habits of SwiftLint and buf, through the built binary: `--version`, `rules`, shell completions,
/// "did you mean", colour, `--quiet`, `--strict`, `--output`, and the baseline named in a clean summary.
final class CLIHabitsTests: XCTestCase {
    // MARK: version, rules, completion, did you mean

    func testVersionIsTheToolVersionInTheFlagTheJSONAndTheSARIF() throws {
        let project = try HabitProject()
        let flag = try CLIHarness.run(["--version"], in: project.app)
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertEqual(flag.stdout, ToolVersion.version + "\n")

        let json = try CLIHarness.run(["check", "--format", "json"], in: project.app)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["tool"] as? [String: Any])?["version"] as? String, ToolVersion.version)
        XCTAssertEqual((document["tool"] as? [String: Any])?["name"] as? String, "naars-contracts")

        let sarif = try CLIHarness.run(["check", "--format", "sarif"], in: project.app)
        let run = try XCTUnwrap(try HabitProject.sarifRun(sarif.stdout))
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["version"] as? String, ToolVersion.version)
    }

    func testRulesListsEveryRuleWithItsSeverityAndDescription() throws {
        let folder = try CLIHarness.project([:])
        let text = try CLIHarness.run(["rules"], in: folder)
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, Rule.all.count)
        for (line, rule) in zip(lines, Rule.all) {
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            XCTAssertEqual(words.first.map(String.init), rule.id)
            XCTAssertEqual(words.dropFirst().first.map(String.init), rule.defaultSeverity.rawValue, rule.id)
            XCTAssertTrue(line.hasSuffix(rule.summary), String(line))
        }
        // Columns line up: every severity starts at the same column.
        let idWidth = Rule.all.map(\.id.count).max() ?? 0
        for (line, rule) in zip(lines, Rule.all) {
            XCTAssertTrue(line.dropFirst(idWidth + 2).hasPrefix(rule.defaultSeverity.rawValue + " "), String(line))
        }

        let json = try CLIHarness.run(["rules", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 0, json.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try XCTUnwrap(document["rules"] as? [[String: String]])
        XCTAssertEqual(rules.map { $0["id"] }, Rule.all.map(\.id))
        XCTAssertEqual(rules.map { $0["severity"] }, Rule.all.map(\.defaultSeverity.rawValue))
        XCTAssertEqual(rules.map { $0["description"] }, Rule.all.map(\.summary))

        let bad = try CLIHarness.run(["rules", "--format", "sarif"], in: folder)
        XCTAssertEqual(bad.status, 2, bad.stdout)
    }

    func testCompletionScriptsForBashZshAndFish() throws {
        let folder = try CLIHarness.project([:])
        let expectations = ["bash": "-F _naars-contracts naars-contracts", "zsh": "#compdef naars-contracts",
                            "fish": "complete -c 'naars-contracts'"]
        for (shell, marker) in expectations {
            let result = try CLIHarness.run(["completion", shell], in: folder)
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains(marker), "\(shell): \(result.stdout.prefix(300))")
            for command in ["check", "generate", "migrations", "rules", "completion"] {
                XCTAssertTrue(result.stdout.contains(command), "\(shell) completes no `\(command)`")
            }
            XCTAssertTrue(result.stdout.contains("format"), "\(shell) completes no `--format`")
            XCTAssertTrue(result.stdout.contains("strict"), "\(shell) completes no `--strict`")
        }
        let unknown = try CLIHarness.run(["completion", "powershell"], in: folder)
        XCTAssertEqual(unknown.status, 2, unknown.stdout)
        // Visible: the root help lists the command.
        let help = try CLIHarness.run(["--help"], in: folder)
        XCTAssertTrue(help.stdout.contains("completion"), help.stdout)
        XCTAssertTrue(help.stdout.contains("rules"), help.stdout)
    }

    func testAMistypedCommandGetsTheClosestOne() throws {
        let folder = try CLIHarness.project([:])
        for (typo, meant) in [("chek", "check"), ("genrate", "generate"), ("migration", "migrations"), ("rule", "rules")] {
            let result = try CLIHarness.run([typo], in: folder)
            XCTAssertEqual(result.status, 2, typo)
            XCTAssertTrue(result.stderr.contains("unknown command '\(typo)'; did you mean '\(meant)'?"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        // Decoys: a word near nothing gets the list, not a guess; options and real commands reach the parser.
        let far = try CLIHarness.run(["frobnicate"], in: folder)
        XCTAssertEqual(far.status, 2)
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
        XCTAssertTrue(far.stderr.contains("Commands: init, generate, check"), far.stderr)
        XCTAssertEqual(try CLIHarness.run(["rules"], in: folder).status, 0)
        XCTAssertEqual(try CLIHarness.run(["help", "check"], in: folder).status, 0)
    }

    // MARK: colour, quiet, strict, output

    func testColourFollowsTheFlagAndNoColor() throws {
        let project = try HabitProject()
        let always = try CLIHarness.run(["check", "--color", "always"], in: project.app)
        XCTAssertTrue(always.stdout.contains("\u{1B}["), always.stdout)
        let never = try CLIHarness.run(["check", "--color", "never"], in: project.app)
        XCTAssertFalse(never.stdout.contains("\u{1B}"), never.stdout)

        // On a terminal (through `script`), auto colours unless NO_COLOR is set to something.
        let terminal = try HabitProject.onTerminal([CLIHarness.binary.path, "check"], in: project.app, environment: [:])
        XCTAssertTrue(terminal.contains("\u{1B}["), terminal)
        let noColor = try HabitProject.onTerminal([CLIHarness.binary.path, "check"], in: project.app, environment: ["NO_COLOR": "1"])
        XCTAssertTrue(noColor.contains("generated-stale"), noColor)
        XCTAssertFalse(noColor.contains("\u{1B}["), noColor)
        let emptyNoColor = try HabitProject.onTerminal([CLIHarness.binary.path, "check"], in: project.app, environment: ["NO_COLOR": ""])
        XCTAssertTrue(emptyNoColor.contains("\u{1B}["), "an empty NO_COLOR does not count (no-color.org)")
    }

    /// A cold run on a terminal shows `checking: N/M files` on standard error once it outlasts the delay (one
    /// second; 0 here), and clears it; a pipe, `--quiet` and a run shorter than the delay never show it.
    func testProgressOnATerminalOnly() throws {
        let project = try HabitProject()
        let now = ["NAARS_PROGRESS_AFTER_MS": "0"]
        let terminal = try HabitProject.onTerminal([CLIHarness.binary.path, "check", "--no-cache"], in: project.app, environment: now)
        XCTAssertNotNil(terminal.range(of: #"checking: [0-9]+/[0-9]+ files\r\x{1B}\[K"#, options: .regularExpression),
                        "progress drawn, then cleared: \(terminal.debugDescription)")
        XCTAssertTrue(terminal.contains("generated-stale"), terminal)
        let quiet = try HabitProject.onTerminal([CLIHarness.binary.path, "check", "--no-cache", "--quiet"], in: project.app, environment: now)
        XCTAssertFalse(quiet.contains("checking:"), quiet)
        let later = try HabitProject.onTerminal([CLIHarness.binary.path, "check", "--no-cache"], in: project.app,
                                                environment: ["NAARS_PROGRESS_AFTER_MS": "60000"])
        XCTAssertFalse(later.contains("checking:"), later)
        let piped = try CLIHarness.run(["check", "--no-cache"], in: project.app, environment: now)
        XCTAssertFalse((piped.stdout + piped.stderr).contains("checking:"), piped.stderr)
    }

    func testQuietPrintsFindingsOnly() throws {
        let project = try HabitProject()
        let loud = try CLIHarness.run(["check"], in: project.app)
        XCTAssertTrue(loud.stdout.contains("1 error, 1 warning in 2 files"), loud.stdout)
        let quiet = try CLIHarness.run(["check", "--quiet"], in: project.app)
        XCTAssertEqual(quiet.status, 1)
        XCTAssertTrue(quiet.stdout.contains("(generated-stale)"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.contains("(migration-gap)"), quiet.stdout)
        XCTAssertFalse(quiet.stdout.contains("in 2 files"), quiet.stdout)
        XCTAssertFalse(quiet.stdout.hasSuffix("\n\n"), quiet.stdout)
        for format in ["xcode", "github", "sarif", "junit", "codeclimate"] {
            let result = try CLIHarness.run(["check", "--quiet", "--format", format], in: project.app)
            XCTAssertEqual(result.stderr, "", format)
            XCTAssertFalse(result.stdout.isEmpty, format)
        }
        let clean = try HabitProject(drift: false)
        let nothing = try CLIHarness.run(["check", "--quiet"], in: clean.app)
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertEqual(nothing.stdout + nothing.stderr, "")
    }

    /// junit and codeclimate are read by CI services against the checkout: paths from the repository root (the
    /// registry is in `app/`), the stale file a failing testcase and a `major` issue, the gap a warning.
    func testJUnitAndCodeClimatePathsStartAtTheRepositoryRoot() throws {
        let project = try HabitProject()
        let junit = try CLIHarness.run(["check", "--format", "junit"], in: project.app)
        XCTAssertEqual(junit.status, 1, junit.stderr)
        XCTAssertTrue(junit.stdout.contains("<testcase name=\"app/generated/Swift/BadgeTab.swift:15:1: "), junit.stdout)
        XCTAssertTrue(junit.stdout.contains("<failure message=\"migration numbers in database jump"), junit.stdout)
        XCTAssertTrue(junit.stderr.contains("1 error, 1 warning in 2 files"), junit.stderr)
        let codeclimate = try CLIHarness.run(["check", "--format", "codeclimate"], in: project.app)
        XCTAssertEqual(codeclimate.status, 1)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(codeclimate.stdout.utf8)) as? [[String: Any]])
        let paths = issues.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        XCTAssertEqual(Set(paths), ["app/generated/Swift/BadgeTab.swift", "app/database/003_b.sql"])
        XCTAssertEqual(Set(issues.compactMap { $0["severity"] as? String }), ["major", "minor"])
        // A second run gives the same fingerprints.
        let again = try CLIHarness.run(["check", "--format", "codeclimate"], in: project.app)
        XCTAssertEqual(again.stdout, codeclimate.stdout)
    }

    func testStrictFailsOnWarnings() throws {
        let project = try HabitProject(stale: false)
        let lenient = try CLIHarness.run(["check"], in: project.app)
        XCTAssertEqual(lenient.status, 0, lenient.stdout)
        XCTAssertTrue(lenient.stdout.contains("1 warning in 1 file"), lenient.stdout)
        let strict = try CLIHarness.run(["check", "--strict"], in: project.app)
        XCTAssertEqual(strict.status, 1, strict.stdout)
        // Decoy: a clean project stays clean under --strict.
        let clean = try HabitProject(drift: false)
        XCTAssertEqual(try CLIHarness.run(["check", "--strict"], in: clean.app).status, 0)
    }

    func testOutputWritesTheReportToAFile() throws {
        let project = try HabitProject()
        try Data("old report\n".utf8).write(to: project.app.appendingPathComponent("report.sarif"))
        let result = try CLIHarness.run(["check", "--format", "sarif", "--output", "report.sarif"], in: project.app)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let written = try String(contentsOf: project.app.appendingPathComponent("report.sarif"), encoding: .utf8)
        XCTAssertNotNil(try HabitProject.sarifRun(written))
        XCTAssertTrue(written.contains("generated-stale"), written)
        // No temporary file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: project.app.path)
        XCTAssertEqual(names.filter { $0.contains("report") }, ["report.sarif"], "\(names)")

        // A text report on exit 2 has no document: the old file stays as it was, nothing half-written.
        try Data("old report\n".utf8).write(to: project.app.appendingPathComponent("report.txt"))
        try project.breakRegistry()
        let failed = try CLIHarness.run(["check", "--output", "report.txt"], in: project.app)
        XCTAssertEqual(failed.status, 2)
        XCTAssertEqual(try String(contentsOf: project.app.appendingPathComponent("report.txt"), encoding: .utf8), "old report\n")
        // A folder that does not exist: exit 2, named.
        let nowhere = try CLIHarness.run(["check", "--output", "missing/report.json", "--format", "json"], in: project.app)
        XCTAssertEqual(nowhere.status, 2)
    }

    // MARK: baseline and inline suppressions in the summary

    func testACleanReportSaysWhatTheBaselineAccepted() throws {
        let project = try HabitProject()
        let baseline = try CLIHarness.run(["check", "--write-baseline"], in: project.app)
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        let text = try CLIHarness.run(["check"], in: project.app)
        XCTAssertEqual(text.status, 0, text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("No drift found (2 findings accepted by the baseline).\n"), text.stdout)
        let json = try CLIHarness.run(["check", "--format", "json"], in: project.app)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["summary"] as? [String: Int])?["baselined"], 2)
        let xcode = try CLIHarness.run(["check", "--format", "xcode"], in: project.app)
        XCTAssertEqual(xcode.stderr, "No drift found (2 findings accepted by the baseline).\n")

        // An inline suppression is counted too; decoy: a project with neither says the plain sentence.
        try FileManager.default.removeItem(at: project.app.appendingPathComponent(".naars-contracts-baseline.json"))
        try project.write("database/003_b.sql", "-- naars-contracts:ignore migration-gap\nSELECT 1;\n")
        let inline = try CLIHarness.run(["check", "--quiet", "--format", "json"], in: project.app)
        let inlineDocument = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(inline.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((inlineDocument["summary"] as? [String: Int])?["suppressed"], 1)
        XCTAssertTrue(try CLIHarness.run(["check"], in: project.app).stdout.hasSuffix("1 error in 1 file (1 suppressed inline)\n"))
        let clean = try HabitProject(drift: false)
        XCTAssertEqual(try CLIHarness.run(["check"], in: clean.app).stdout, "No drift found.\n")
    }
}

/// A git repository whose registry sits in the subfolder `app/`, generated, with planted drift: a hand edit
/// to a generated Swift file (`generated-stale`, an error) and a gap in the migration numbers
/// (`migration-gap`, a warning).
struct HabitProject {
    let repo: GitTestRepo
    var app: URL { repo.url.appendingPathComponent("app") }

    init(drift: Bool = true, stale: Bool = true) throws {
        repo = try GitTestRepo()
        let registry = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        try repo.write("app/registry.yaml", registry)
        try repo.write("app/database/.keep", "")
        try repo.write("app/supabase/migrations/.keep", "")
        try repo.write("README.md", "repository root\n")
        let generated = try CLIHarness.run(["generate"], in: app)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        guard drift else { return }
        try write("database/003_b.sql", "SELECT 1;\n")
        if stale {
            let badge = app.appendingPathComponent("generated/Swift/BadgeTab.swift")
            try Data((try String(contentsOf: badge, encoding: .utf8) + "// edited\n").utf8).write(to: badge)
        }
    }

    func write(_ path: String, _ text: String) throws {
        try repo.write("app/" + path, text)
    }

    /// An unknown top-level key on line 4 of the registry: exit 2 with `registry.yaml:4:1`.
    func breakRegistry() throws {
        let url = app.appendingPathComponent("registry.yaml")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        lines.insert("notification_typs: {}", at: 3)
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    /// The first run of a SARIF log, or nil when it is not one.
    static func sarifRun(_ text: String) throws -> [String: Any]? {
        let log = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        guard log?["version"] as? String == "2.1.0" else { return nil }
        return (log?["runs"] as? [[String: Any]])?.first
    }

    /// What `command` prints on a pseudo-terminal (util-linux `script`), standard output and error together.
    static func onTerminal(_ command: [String], in folder: URL, environment: [String: String]) throws -> String {
        let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        let result = try TestProcess.run("/usr/bin/script", ["-qec", line, "/dev/null"], in: folder,
                                         environment: base.merging(environment) { $1 }, combined: true)
        return result.stdout
    }
}
