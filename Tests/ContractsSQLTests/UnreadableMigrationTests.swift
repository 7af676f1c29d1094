import ContractsCore
import ContractsSQL
import Foundation
import XCTest

/// A migration that cannot be read is bad input for the caller to report (exit 2), not a finding.
final class UnreadableMigrationTests: XCTestCase {
    /// Lists its files but refuses to read `unreadable`.
    private struct HalfReadableTree: FileTree {
        let files: MemoryTree
        let unreadable: String
        func files(under dir: String) throws -> [String] { try files.files(under: dir) }
        func read(_ path: String) throws -> Data {
            guard path != unreadable else { throw FileTreeError(path: path, reason: "cannot read file (permission denied)") }
            return try files.read(path)
        }
    }

    func testAnUnreadableMigrationIsThrownNotReportedAsASyntaxError() throws {
        let files = ["database/001_a.sql": "SELECT 1;\n", "database/002_b.sql": "SELECT 2;\n"]
        let context = SQLTestRegistry.context(files)
        let tree = HalfReadableTree(files: MemoryTree(text: files), unreadable: "database/002_b.sql")
        XCTAssertThrowsError(try SQLSourceCheck.findings(in: CheckContext(registry: context.registry, tree: tree))) { error in
            XCTAssertEqual("\(error)", "database/002_b.sql: cannot read file (permission denied)")
        }
        // Decoy: the same files, all readable, give no error and no syntax finding.
        XCTAssertEqual(try SQLSourceCheck.findings(in: context).filter { $0.ruleID == Rule.sqlSyntaxError.id }, [])
    }
}
