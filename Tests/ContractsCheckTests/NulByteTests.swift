import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// A NUL byte in a source is a finding at its line and column, in every language `check` reads; never a
/// file silently cut short (PostgreSQL's parser stops at the first NUL) or silently read past. Escapes that
/// merely spell a NUL (`\0`, `\u{0}`, `E'\\000'`) are decoys.
final class NulByteTests: XCTestCase {
    /// The repository's registry, migrations, generated files and edge functions in a temporary folder.
    private func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-nul-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for item in ["registry.yaml", "database", "generated", "supabase"] {
            try FileManager.default.copyItem(at: CLIHarness.repoRoot.appendingPathComponent(item),
                                             to: root.appendingPathComponent(item))
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("NaarsCars/App"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `path:line:col rule-id` of every finding, from the xcode format, without and with the cache.
    private func check(_ root: URL) throws -> [String] {
        let full = try CLIHarness.run(["check", "--format", "xcode", "--no-cache"], in: root)
        let cached = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(full.stdout, cached.stdout)
        // xcode paths are absolute; compare them from the project root.
        let relative = full.stdout.replacingOccurrences(of: root.resolvingSymlinksInPath().path + "/", with: "")
        return relative.split(separator: "\n").filter { !$0.contains(": note: ") }.map { line in
            let location = line.prefix { $0 != " " }.dropLast()
            let rule = line.split(separator: "(").last.map { String($0.dropLast()) } ?? ""
            return "\(location) \(rule)"
        }
    }

    func testTheRepositoryIsCleanToStartWith() throws {
        XCTAssertEqual(try check(project()), [])
    }

    func testANulInAMigrationIsASyntaxErrorNotATruncation() throws {
        let root = try project()
        // Before the fix: PostgreSQL's parser saw only `SELECT 1;`, the dropped constraint was never replayed,
        // and `check` said "No drift found.".
        try write("SELECT 1;\0\nALTER TABLE public.notifications DROP CONSTRAINT valid_notification_type;\n",
                  to: "database/002_cleanup.sql", in: root)
        // The file is left out whole, and what follows the NUL names the table: the set is unknown, not guessed.
        XCTAssertEqual(try check(root), ["database/002_cleanup.sql:1:10 sql-constraint-unknown",
                                         "database/002_cleanup.sql:1:10 sql-syntax-error"])
    }

    func testEscapesThatSpellANulAreNotNulBytes() throws {
        let root = try project()
        try write("SELECT E'\\\\000', 'a\\0b', '\\u0000';\n-- a comment about \\0\n", to: "database/002_decoy.sql", in: root)
        try write("let terminator = \"\\0\"\nlet scalar = \"\\u{0}\"\n", to: "NaarsCars/App/Decoy.swift", in: root)
        try write("export const nul = \"\\0\";\nexport const u = \"\\u0000\";\n", to: "supabase/functions/decoy/index.ts", in: root)
        XCTAssertEqual(try check(root), [])
    }

    func testANulInSwiftIsReportedWhereItIs() throws {
        let root = try project()
        // Mentions nothing the registry names: the pre-filter skips parsing it, but not the NUL check.
        try write("import Foundation\n\nenum Greeting {\n    static let text = \"hi\0there\"\n}\n",
                  to: "NaarsCars/App/Greeting.swift", in: root)
        XCTAssertEqual(try check(root), ["NaarsCars/App/Greeting.swift:4:26 source-nul-byte"])
    }

    func testANulInTypeScriptIsReportedWhereItIs() throws {
        let root = try project()
        try write("// pasted from a log\nconst a = 1;\n  \0const b = 2;\n", to: "supabase/functions/pasted/index.ts", in: root)
        XCTAssertEqual(try check(root), ["supabase/functions/pasted/index.ts:3:3 source-nul-byte"])
    }

    func testTheFirstNulOfAFileIsTheOneReported() {
        let bytes = Data("ab\ncé\0\0\n\0".utf8)
        XCTAssertEqual(NulByte.firstLocation(in: bytes, file: "f"), SourceLocation(file: "f", line: 2, column: 4))
        XCTAssertNil(NulByte.firstLocation(in: Data("no nul\n".utf8), file: "f"))
        XCTAssertEqual(NulByte.findings(in: bytes, file: "f", language: "Swift").map(\.ruleID), ["source-nul-byte"])
    }
}
