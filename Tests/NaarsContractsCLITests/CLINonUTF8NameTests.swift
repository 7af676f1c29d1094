import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file name that is not UTF-8 (a Latin-1 backup, `caf\xE9.sql`) under a migration folder or a source glob: it
/// is left out and named once on standard error, escaped; the run goes on with every other file.
final class CLINonUTF8NameTests: XCTestCase {
    /// Writes `text` at `folder` + the name `bytes`, which no `String` spells.
    private func createFile(_ text: String, in folder: URL, name bytes: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let fd = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func testALatin1NameIsLeftOutNamedEscapedAndNeverStopsTheRun() throws {
        let root = try CLIHarness.project([
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
        ])
        try createFile("ALTER TABLE alerts DROP CONSTRAINT alerts_category_check;\n", in: root.appendingPathComponent("db/migrations"),
                  name: Array("002_caf".utf8) + [0xE9] + Array(".sql".utf8))
        try createFile("enum OtherCategory: String { case info, warning, error }\n", in: root.appendingPathComponent("App"),
                  name: Array("Caf".utf8) + [0xE9, 0x1B] + Array(".swift".utf8))
        let initialised = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(initialised.status, 0, initialised.stdout + initialised.stderr)
        XCTAssertFalse(initialised.stderr.contains("Error:"), initialised.stderr)
        XCTAssertTrue(initialised.stderr.contains("warning: db/migrations/002_caf\\xE9.sql: the name is not UTF-8, so it is not read; rename it\n"),
                      initialised.stderr)
        XCTAssertTrue(initialised.stderr.contains("warning: App/Caf\\xE9\\u{1B}.swift: the name is not UTF-8"), initialised.stderr)
        XCTAssertFalse(initialised.stderr.contains("\u{1B}"))
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("swift_enum: AlertCategory"), registry)
        for arguments in [["check", "--no-cache"], ["check"], ["check", "--format", "json"]] {
            let result = try CLIHarness.run(arguments, in: root)
            XCTAssertNotEqual(result.status, 2, "\(arguments): " + result.stdout + result.stderr)
            XCTAssertFalse(result.stderr.contains("cannot read file"), result.stderr)
            XCTAssertFalse(result.stdout.contains("\u{FFFD}") || result.stderr.contains("\u{FFFD}"))
        }
        let uncached = try CLIHarness.run(["check", "--no-cache"], in: root)
        XCTAssertEqual(uncached.stderr.components(separatedBy: "002_caf\\xE9.sql").count, 2, uncached.stderr)
    }

    func testTheEscapeKeepsValidSequencesAndNamesEachOtherByte() {
        XCTAssertEqual(UnreadableNames.escaped(Array("caf".utf8) + [0xE9] + Array("é\u{202E}".utf8) + [0xC3]), "caf\\xE9é\\u{202E}\\xC3")
    }
}
