import ContractsTestSupport
import Foundation
import XCTest

/// A generated migration takes effect after everything the replay puts before it, on every layout of two
/// migration folders: `generate` twice writes nothing the second time (or refuses both times, with the fix).
final class CLIGenerateConvergesTests: XCTestCase {
    private struct Folder {
        var dir: String
        var entry: String
        var file: String
    }

    private let sequential = Folder(dir: "database", entry: "{ dir: database, scheme: sequential, width: 3 }", file: "001_x.sql")
    private let timestamp = Folder(dir: "supabase/migrations", entry: "{ dir: supabase/migrations, scheme: timestamp }",
                                   file: "20240101000000_x.sql")

    private func registry(_ folders: [Folder], outputsSQL: String?) throws -> String {
        var text = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\nmigrations:"))
        let end = try XCTUnwrap(text.range(of: "\nsources:"))
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + folders.map { "  - \($0.entry)\n" }.joined())
        text = text.replacingOccurrences(of: "  sql: database\n", with: outputsSQL.map { "  sql: \($0)\n" } ?? "")
        return text
    }

    func testEveryLayoutOfTwoFoldersConverges() throws {
        let table = "CREATE TABLE public.notifications (id int, type text NOT NULL);\n"
        let constraint = "ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message'));\n"
        for order in [[sequential, timestamp], [timestamp, sequential]] {
            for lastInSecond in [false, true] {
                for outputs in [nil, order[0].dir, order[1].dir] {
                    let name = "\(order.map(\.dir)) last set in \(lastInSecond ? "second" : "first"), outputs.sql \(outputs ?? "unset")"
                    var files = ["registry.yaml": try registry(order, outputsSQL: outputs)]
                    if lastInSecond {
                        files[order[0].dir + "/" + order[0].file] = table
                        files[order[1].dir + "/" + order[1].file] = constraint
                    } else {
                        files[order[0].dir + "/" + order[0].file] = table + constraint
                        files[order[1].dir + "/" + order[1].file] = "SELECT 1;\n"
                    }
                    let root = try CLIHarness.project(files)
                    let first = try CLIHarness.run(["generate"], in: root)
                    if lastInSecond, outputs == order[0].dir {
                        // The registry asks for the folder replayed first: refused, with the fix, and nothing written.
                        XCTAssertEqual(first.status, 2, "\(name): \(first.stderr)")
                        XCTAssertTrue(first.stderr.contains("error: outputs.sql '\(order[0].dir)' is replayed before '\(order[1].dir)'"), "\(name): \(first.stderr)")
                        XCTAssertTrue(first.stderr.contains("Set outputs.sql: \(order[1].dir)"), name)
                        XCTAssertEqual(first.stdout, "", name)
                        continue
                    }
                    XCTAssertEqual(first.status, 0, "\(name): \(first.stderr)")
                    let migration = first.stdout.components(separatedBy: "\n").filter { $0.hasSuffix(".sql") }
                    XCTAssertEqual(migration.count, 1, "\(name): \(first.stdout)")
                    // Unset, outputs.sql is the folder the Supabase CLI applies, not the legacy sequential one.
                    let expectedFolder = lastInSecond ? order[1].dir : (outputs ?? timestamp.dir)
                    XCTAssertTrue(migration.first?.hasPrefix("wrote \(expectedFolder)/") == true, "\(name): \(first.stdout)")
                    let second = try CLIHarness.run(["generate"], in: root)
                    XCTAssertEqual(second.status, 0, "\(name): \(second.stderr)")
                    XCTAssertEqual(second.stdout, "", "\(name): the second run writes nothing")
                    let check = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
                    XCTAssertFalse(check.stdout.contains("sql-constraint-drift"), "\(name): \(check.stdout)")
                }
            }
        }
    }
}
