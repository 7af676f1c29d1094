import ContractsTestSupport
import Foundation
import XCTest

/// The shared process runner: both streams, exit status, environment, and no deadlock on a chatty stderr.
final class TestProcessTests: XCTestCase {
    func testSeparateStreamsAndStatus() throws {
        let result = try TestProcess.run("sh", ["-c", "printf out; printf err >&2; exit 3"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "out")
        XCTAssertEqual(result.stderr, "err")
    }

    func testCombinedStreams() throws {
        let result = try TestProcess.run("sh", ["-c", "printf a; printf b >&2; printf c"], combined: true)
        XCTAssertEqual(result.stdout, "abc")
        XCTAssertEqual(result.stderr, "")
    }

    /// 1 MiB on stderr before anything on stdout: reading stdout first and stderr after would hang here.
    func testAFullStderrPipeDoesNotBlock() throws {
        let result = try TestProcess.run("sh", ["-c", "head -c 1048576 /dev/zero >&2; printf done"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "done")
        XCTAssertEqual(result.stderr.utf8.count, 1_048_576)
    }

    func testEnvironmentAndFolder() throws {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let merged = try TestProcess.run("sh", ["-c", "printf \"$NAARS_X:$(pwd)\""], in: folder, extraEnvironment: ["NAARS_X": "1"])
        XCTAssertEqual(merged.stdout, "1:\(folder.path)")
        let replaced = try TestProcess.run("/bin/sh", ["-c", "printf \"${HOME:-none}\""], environment: [:])
        XCTAssertEqual(replaced.stdout, "none")
    }
}

/// One seed, one sequence: what makes a random test's failure replayable.
final class SeededRandomTests: XCTestCase {
    func testTheSameSeedGivesTheSameSequenceAndTheEnvironmentSetsIt() {
        var a = SeededRandom(seed: 42), b = SeededRandom("test", environment: ["NAARS_TEST_SEED": "42"])
        XCTAssertEqual(b.seed, 42)
        XCTAssertEqual((0..<8).map { _ in a.next() }, (0..<8).map { _ in b.next() })
        var c = SeededRandom(seed: 42), d = SeededRandom(seed: 43)
        XCTAssertNotEqual(c.next(), d.next())
    }
}
