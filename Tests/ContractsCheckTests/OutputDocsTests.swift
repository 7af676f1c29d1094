import ContractsCheck
import ContractsCore
import ContractsReport
import Foundation
import XCTest

/// The README and docs/ci.md say what the reporters really print: the annotation syntax, the path base, and
/// every format.
final class OutputDocsTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Both documents give the same annotation syntax, and it is what `--format github` prints.
    func testBothDocumentsGiveTheAnnotationTheGitHubReporterPrints() throws {
        let template = "::error file=F,line=L,col=C,title=rule-id::message"
        XCTAssertTrue(try read("README.md").contains("`\(template)`"))
        XCTAssertTrue(try read("docs/ci.md").contains("`\(template)`"))
        let finding = Finding(ruleID: "migration-gap", severity: .error, message: "a message",
                              location: SourceLocation(file: "app/db/1.sql", line: 3, column: 9))
        let printed = GitHubReporter().render([finding], summary: CheckSummary([finding]))
        XCTAssertEqual(printed, template.replacingOccurrences(of: "F", with: "app/db/1.sql")
            .replacingOccurrences(of: "L", with: "3").replacingOccurrences(of: "C", with: "9")
            .replacingOccurrences(of: "rule-id", with: "migration-gap").replacingOccurrences(of: "message", with: "a message") + "\n")
    }

    /// GitHub's paths start at the repository root, not the registry's folder, and both documents say so.
    func testBothDocumentsGiveTheRepositoryRootAsThePathBase() throws {
        for format in [ReportFormat.github, .sarif, .junit, .codeclimate, .markdown] {
            XCTAssertEqual(format.pathBase(projectRoot: "/repo/ios", currentFolder: "/repo/ios/App", gitRoot: "/repo"),
                           .relative(to: "/repo"), "\(format)")
        }
        let ci = try read("docs/ci.md")
        XCTAssertTrue(ci.contains("Annotation and SARIF paths are relative to the repository root"), ci)
        XCTAssertFalse(ci.contains("relative to the registry's folder"))
        XCTAssertTrue(try read("README.md").contains("`github`, `sarif`, `markdown`, `junit` and `codeclimate` give paths relative to the repository root"))
    }

    /// The README's Output formats section has a line for every `--format`.
    func testTheReadmeListsEveryFormat() throws {
        let readme = try read("README.md")
        let section = try XCTUnwrap(readme.range(of: "## Output formats")).upperBound
        let end = try XCTUnwrap(readme.range(of: "\n## ", range: section..<readme.endIndex)).lowerBound
        let text = readme[section..<end]
        for format in ReportFormat.allCases {
            XCTAssertTrue(text.contains("\n- `\(format.rawValue)`"), "\(format.rawValue) is not in the README's Output formats")
        }
    }
}
