@testable import ContractsCore
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `$GITHUB_STEP_SUMMARY` is appended to without ever waiting: a FIFO that no one reads is an error at once.
final class AppendFileTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("naars-append-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    func testAFIFOWithNoReaderFailsAtOnce() throws {
        let path = try temporaryFolder() + "/summary"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let start = Date()
        XCTAssertThrowsError(try AppendFile.append(Data("### naars-contracts\n".utf8), to: path)) { error in
            XCTAssertEqual("\(error)", "it is a FIFO that no one reads")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is left as it was")
    }

    func testAFileIsAppendedToOrCreated() throws {
        let path = try temporaryFolder() + "/summary.md"
        try AppendFile.append(Data("earlier step\n".utf8), to: path)
        try AppendFile.append(Data("this step\n".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "earlier step\nthis step\n")
        XCTAssertThrowsError(try AppendFile.append(Data("x".utf8), to: path + "/inside")) { error in
            XCTAssertEqual("\(error)", "Not a directory")
        }
    }
}
