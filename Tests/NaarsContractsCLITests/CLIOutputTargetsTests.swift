import ContractsTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output FILE` writes into what FILE is, for the report and for the exit-2 document alike: a link's target (the
/// link stays), a FIFO's reader, the process's own standard output (`/proc/self/fd/1`, the `/dev/stdout` idiom,
/// here redirected to a file by a shell); a place it cannot write is a located error and exit 2.
final class CLIOutputTargetsTests: XCTestCase {
    private func kind(_ url: URL) -> mode_t {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func testALinkHasItsTargetWrittenAndStaysALink() throws {
        let project = try HabitProject()
        try FileManager.default.createDirectory(at: project.app.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let target = project.app.appendingPathComponent("reports/check.sarif")
        try Data("old report\n".utf8).write(to: target)
        let link = project.app.appendingPathComponent("report.sarif")
        XCTAssertEqual(symlink("reports/check.sarif", link.path), 0)
        let result = try CLIHarness.run(["check", "--format", "sarif", "--output", "report.sarif"], in: project.app)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(kind(link), S_IFLNK)
        XCTAssertNotNil(try HabitProject.sarifRun(try String(contentsOf: target, encoding: .utf8)))
    }

    /// A FIFO gets the exit-2 document: its reader (a thread here) reads it, and the FIFO is still there.
    func testAFIFOsReaderGetsTheDocumentOfARunThatStopped() throws {
        let project = try HabitProject(drift: false)
        try project.breakRegistry()
        let fifo = project.app.appendingPathComponent("report.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let done = expectation(description: "the reader read to the end")
        let received = ReadBack()
        Thread.detachNewThread {
            received.data = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile()
            done.fulfill()
        }
        let result = try CLIHarness.run(["check", "--format", "json", "--output", "report.json"], in: project.app)
        wait(for: [done], timeout: 30)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: received.data ?? Data()) as? [String: Any])
        XCTAssertEqual((document["errors"] as? [[String: Any]])?.first?["line"] as? Int, 4)
        XCTAssertEqual(kind(fifo), S_IFIFO)
    }

    /// `--output /proc/self/fd/1` while a shell sends standard output to a file with `>>`: the report lands between
    /// what the script printed before and after, and the file is the shell's, not replaced.
    func testTheProcesssOwnStandardOutputIsWrittenThroughItsDescriptor() throws {
        #if !os(Linux)
        throw XCTSkip("/proc/self/fd is Linux's")
        #endif
        let project = try HabitProject()
        let log = project.repo.url.appendingPathComponent("log.txt")
        try Data("earlier\n".utf8).write(to: log)
        let script = "echo before; '\(CLIHarness.binary.path)' check --format json --output /proc/self/fd/1; echo \"status $?\"; echo after"
        let shell = try TestProcess.run("/bin/sh", ["-c", "exec >> '\(log.path)'; " + script], in: project.app)
        XCTAssertEqual(shell.stderr.contains("error:"), false, shell.stderr)
        let lines = try String(contentsOf: log, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertEqual(Array(lines.prefix(3)), ["earlier", "before", "{"])
        XCTAssertEqual(Array(lines.suffix(3)), ["status 1", "after", ""])
    }

    func testAPlaceItCannotWriteIsALocatedError() throws {
        let project = try HabitProject()
        let folder = try CLIHarness.run(["check", "--format", "json", "--output", "database"], in: project.app)
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stdout, "")
        XCTAssertTrue(folder.stderr.contains("database:1:1: error: cannot write the report: it is a folder"), folder.stderr)
    }
}

/// What a reader thread received, read on the test's thread after the expectation is met.
private final class ReadBack: @unchecked Sendable {
    var data: Data?
}
