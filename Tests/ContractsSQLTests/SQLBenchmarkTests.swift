import ContractsCore
import ContractsSQL
import Foundation
import XCTest

/// Not a timed assertion: `scripts/bench-sql` runs this with NAARS_BENCH=1 and NAARS_BENCH_DIR (a folder
/// with `database/*.sql`) and reads the line it prints. Skipped otherwise.
final class SQLBenchmarkTests: XCTestCase {
    func testParseAndReplayTime() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["NAARS_BENCH"] == "1", let dir = env["NAARS_BENCH_DIR"] else {
            throw XCTSkip("benchmark: run scripts/bench-sql")
        }
        let tree = DiskTree(root: URL(fileURLWithPath: dir))
        let registry = SQLTestRegistry.make(values: ["message", "other"], folders: [SQLTestRegistry.database])
        let context = CheckContext(registry: registry, tree: tree)
        let start = Date()
        let findings = SQLSourceCheck.findings(in: context)
        let seconds = Date().timeIntervalSince(start)
        let files = try tree.files(under: "database").count
        XCTAssertGreaterThan(files, 0)
        let byRule = Dictionary(grouping: findings, by: \.ruleID).map { "\($0.key)=\($0.value.count)" }.sorted()
        print(String(format: "bench-sql: %d files, findings [%@], parse+replay+rules %.3f s",
                     files, byRule.joined(separator: " "), seconds))
    }
}
