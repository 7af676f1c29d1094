@testable import ContractsCheck
import ContractsCore
@testable import ContractsReport
import XCTest

/// Text, Xcode and GitHub reports go to terminals and CI logs, and markdown, junit and codeclimate to pages people
/// read: escape sequences and bidirectional controls that a source literal (or a file name) carries are shown
/// escaped, never acted on. Line breaks keep their layout; letters of any script are left alone.
final class ReportTerminalEscapingTests: XCTestCase {
    /// A message quoting a literal that clears the screen, sets the window title and reorders the line.
    private let hostile = Finding(
        ruleID: "swift-unknown-literal", severity: .error,
        message: "\"ride\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}tsop\" is not registered\nsee \u{2066}שלום\u{2069}",
        location: SourceLocation(file: "App/\u{1B}[31mView.swift", line: 3, column: 9),
        registryLocation: SourceLocation(file: "registry.yaml", line: 1, column: 1),
        fix: "use a registered type\u{1B}[0m", related: [SourceLocation(file: "b\u{202E}.swift", line: 1, column: 1)])

    private func render(_ format: ReportFormat, color: Bool = false) -> String {
        format.reporter(useColor: color).render([hostile], summary: CheckSummary([hostile]))
    }

    /// The hidden scalars left in `text` (the colour codes a text report adds on purpose removed first).
    private func hiddenScalars(_ text: String) -> [String] {
        let withoutColor = text.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        return withoutColor.unicodeScalars.filter { $0 != "\n" && HiddenScalars.mustEscape($0) }
            .map { "U+" + String($0.value, radix: 16) }
    }

    func testNoFormatForATerminalPrintsAHiddenScalarFromASource() {
        // json and sarif are for programs: they escape as JSON does (bidirectional controls stay as they are).
        for format in ReportFormat.allCases where format != .json && format != .sarif {
            XCTAssertEqual(hiddenScalars(render(format)), [], "\(format)")
        }
        // Colour stays: only the report's own sequences.
        let colored = render(.text, color: true)
        XCTAssertEqual(hiddenScalars(colored), [])
        XCTAssertTrue(colored.contains("\u{1B}[1m"))
    }

    func testTheEscapedFormIsReadable() {
        let xcode = render(.xcode)
        let lines = xcode.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, #"App/\u{1B}[31mView.swift:3:9: error: "ride\u{1B}[2J\u{1B}]0;pwned\u{7}\u{9B}31m\u{202E}tsop" is not registered (swift-unknown-literal)"#)
        // The note lines under it (the message's second line, fix, registry entry, related place) are escaped the same way.
        XCTAssertEqual(Array(lines.dropFirst()), [
            #"App/\u{1B}[31mView.swift:3:9: note: see \u{2066}שלום\u{2069}"#,
            #"App/\u{1B}[31mView.swift:3:9: note: fix: use a registered type\u{1B}[0m"#,
            "registry.yaml:1:1: note: the registry's entry",
            #"b\u{202E}.swift:1:1: note: related place"#,
        ])
        let github = render(.github)
        XCTAssertTrue(github.hasPrefix(#"::error file=App/\u{1B}[31mView.swift,line=3,col=9,title=swift-unknown-literal::"ride\u{1B}[2J"#), github)
        XCTAssertTrue(github.hasSuffix("is not registered%0Asee \\u{2066}שלום\\u{2069}\n"), github)
        let text = render(.text)
        XCTAssertTrue(text.contains("      fix: use a registered type\\u{1B}[0m\n"), text)
        XCTAssertTrue(text.contains("      related: b\\u{202E}.swift:1:1\n"), text)
    }

    func testALoneCarriageReturnBreaksTheLineInsteadOfOverwritingIt() {
        let finding = Finding(ruleID: "r", severity: .error, message: "first\rsecond\r\nthird",
                              location: SourceLocation(file: "a.sql", line: 1, column: 1))
        let text = ReportFormat.text.reporter().render([finding], summary: CheckSummary([finding]))
        XCTAssertFalse(text.contains("\r"), text)
        XCTAssertTrue(text.contains("  1:1  error    first  (r)\n      second\n      third\n"), text)
    }

    func testPlainMessagesAreUnchanged() {
        let plain = "\"ride_clamed\" is not registered; did you mean \"ride_claimed\"?\tcafé"
        XCTAssertEqual(TerminalText.escaped(plain), plain)
    }
}
