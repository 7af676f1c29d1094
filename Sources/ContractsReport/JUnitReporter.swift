import ContractsCore

/// JUnit XML, the test report Jenkins (`junit`), GitLab (`artifacts:reports:junit`) and Bitrise (the test
/// reports step) read: the check as a test run, so its findings show where a team already looks at failing tests.
///
/// One `<testsuite>` a rule (named by its id, in id order), one `<testcase>` a finding (named
/// `path:line:col: first line of the message`, its `classname` the rule id): an error or a warning carries a
/// `<failure>` whose `type` is the severity and whose text is the whole message, the fix, the registry entry
/// and the related places; a note passes, its text in `<system-out>`. A run without findings is one passing
/// testcase, so the report still shows the check ran. Times are 0: a finding takes no time.
///
/// Paths are relative to the repository root (the CLI rebases them, `ReportPaths`). The structure is the one
/// Ant's XML formatter writes and Jenkins' JUnit schema allows; the tests validate it against that schema.
/// Text is escaped for XML (`&` `<` `>`, quotes and line breaks in attributes); control and bidirectional
/// characters, which XML 1.0 cannot carry at all, are shown escaped (`\u{1B}`, `TerminalText`), as in the
/// formats for people, and a text line that would read as a CI log's command has its first colon as `&#58;`
/// (the report is printed to logs too).
public struct JUnitReporter: FindingReporter {
    /// The name of the whole run and of the testcase a clean run passes.
    static let runName = "naars-contracts"

    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        let sorted = findings.sortedForReport().map { $0.escapedForTerminal() }
        let byRule = Dictionary(grouping: sorted, by: \.ruleID)
        let suites = byRule.keys.sorted().map { (rule: $0, findings: byRule[$0]!) }
        guard !suites.isEmpty else {
            let clean = Self.element("testcase", ["name": "check: " + summary.line, "classname": Self.runName, "time": "0"])
            return Self.document(tests: 1, failures: 0, errors: 0, suites: [
                Self.suite(name: Self.runName, tests: 1, failures: 0, errors: 0, cases: ["    " + clean + "\n"]),
            ])
        }
        let failures = sorted.filter { $0.severity != .note }.count
        return Self.document(tests: sorted.count, failures: failures, errors: 0, suites: suites.map { suite in
            Self.suite(name: suite.rule, tests: suite.findings.count,
                       failures: suite.findings.filter { $0.severity != .note }.count, errors: 0,
                       cases: suite.findings.map(Self.testcase))
        })
    }

    /// The report of a run that stopped with exit 2: one testcase a message, each with an `<error>` (the run
    /// itself failed, not a check), so the test report shows why instead of an empty or missing file.
    static func render(_ failure: ToolFailure) -> String {
        let messages = failure.messages.isEmpty ? [ToolFailure.Message("the check stopped")] : failure.messages
        let cases = messages.map { message -> String in
            let place = message.location.map { "\($0.escapedForTerminal()): " } ?? ""
            let text = TerminalText.escaped(message.text)
            let open = element("testcase", ["name": XcodeReporter.singleLine(place + text), "classname": runName, "time": "0"], close: false)
            let error = element("error", ["message": XcodeReporter.singleLine(text), "type": "error"], close: false)
                + TerminalText.inertLines(escapeText(place + text), colon: "&#58;") + "</error>"
            return "    " + open + "\n      " + error + "\n    </testcase>\n"
        }
        return document(tests: cases.count, failures: 0, errors: cases.count, suites: [
            suite(name: runName, tests: cases.count, failures: 0, errors: cases.count, cases: cases),
        ])
    }

    private static func document(tests: Int, failures: Int, errors: Int, suites: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + element("testsuites", ["name": runName, "tests": "\(tests)", "failures": "\(failures)",
                                     "errors": "\(errors)", "time": "0"], close: false) + "\n"
            + suites.joined() + "</testsuites>\n"
    }

    private static func suite(name: String, tests: Int, failures: Int, errors: Int, cases: [String]) -> String {
        "  " + element("testsuite", ["name": name, "tests": "\(tests)", "failures": "\(failures)", "errors": "\(errors)",
                                     "skipped": "0", "time": "0"], close: false) + "\n"
            + cases.joined() + "  </testsuite>\n"
    }

    /// One finding's testcase: a `<failure>` for an error or a warning, `<system-out>` for a note.
    private static func testcase(_ finding: Finding) -> String {
        let message = TextReporter.lines(finding.message)
        let open = element("testcase", ["name": "\(finding.location): \(message[0])", "classname": finding.ruleID,
                                        "time": "0"], close: false)
        var details = ["\(finding.severity.rawValue): \(finding.message)", "at \(finding.location)"]
        if let fix = finding.fix { details.append("fix: \(fix)") }
        if let registry = finding.registryLocation { details.append("registry: \(registry)") }
        details += finding.related.map { "related: \($0)" }
        let body = TerminalText.inertLines(escapeText(details.joined(separator: "\n")), colon: "&#58;")
        let inner = finding.severity == .note
            ? "<system-out>" + body + "</system-out>"
            : element("failure", ["message": message[0], "type": finding.severity.rawValue], close: false)
                + body + "</failure>"
        return "    " + open + "\n      " + inner + "\n    </testcase>\n"
    }

    /// `<name a="v" ...>` (or `.../>` when `close`), the attributes in the order given.
    private static func element(_ name: String, _ attributes: KeyValuePairs<String, String>, close: Bool = true) -> String {
        let text = attributes.map { " \($0.key)=\"\(escapeAttribute($0.value))\"" }.joined()
        return "<\(name)\(text)\(close ? "/>" : ">")"
    }

    /// Character data: `&`, `<` and `>` as entities, a carriage return as `&#13;` (a parser would turn it into a
    /// line feed), U+FFFE and U+FFFF (not XML characters) escaped as `TerminalText` does.
    static func escapeText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value: as text, plus `"`, and tab and line feed as references (a parser normalises them to spaces).
    static func escapeAttribute(_ text: String) -> String {
        escapeText(text)
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\t", with: "&#9;")
            .replacingOccurrences(of: "\n", with: "&#10;")
    }
}
