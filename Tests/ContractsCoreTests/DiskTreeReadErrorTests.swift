@testable import ContractsCore
import Foundation
import XCTest

/// What a read that fails says: the cache stores it as the answer to the question (a missing `migrations.sum` is
/// asked for on every run), so it must be the same every time and cheap to make.
final class DiskTreeReadErrorTests: XCTestCase {
    func testAMissingFileSaysSoInTheSystemsWords() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("database"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let tree = DiskTree(root: root)
        for _ in 0 ..< 2 {
            XCTAssertThrowsError(try tree.read("database/migrations.sum")) { error in
                XCTAssertEqual("\(error)", "database/migrations.sum: cannot read file (no such file or directory)")
            }
        }
        // A folder opens but does not read: the reason is Foundation's, still naming the path.
        XCTAssertThrowsError(try tree.read("database")) { error in
            XCTAssertTrue("\(error)".hasPrefix("database: cannot read file ("), "\(error)")
        }
        try Data("x".utf8).write(to: root.appendingPathComponent("database/001_a.sql"))
        XCTAssertEqual(try tree.read("database/001_a.sql"), Data("x".utf8))
    }
}
