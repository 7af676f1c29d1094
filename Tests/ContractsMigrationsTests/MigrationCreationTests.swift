import ContractsCore
@testable import ContractsMigrations
import Foundation
import XCTest

/// `migrations new` never overwrites: the file is opened with O_EXCL, so an existing file is refused untouched.
final class MigrationCreationTests: XCTestCase {
    let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3),
                                   location: SourceLocation(file: "registry.yaml", line: 1, column: 1))

    func testExistingFileIsNeverOverwritten() throws {
        let root = try MigrationCLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("001_taken.sql")
        try Data("precious".utf8).write(to: url)
        XCTAssertThrowsError(try MigrationCreation.writeExclusively(Data("new".utf8), to: url, shownAs: "001_taken.sql")) {
            XCTAssertTrue(String(describing: $0).contains("already exists"), String(describing: $0))
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "precious")
    }

    func testCreateTakesTheNextNumberEachTime() throws {
        let root = try MigrationCLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let now = Date(timeIntervalSince1970: 1_795_312_200)
        XCTAssertEqual(try MigrationCreation.create(description: "Init", folder: database, root: root, now: now),
                       "database/001_init.sql")
        XCTAssertEqual(try MigrationCreation.create(description: "Init", folder: database, root: root, now: now),
                       "database/002_init.sql")
        let header = try String(contentsOf: root.appendingPathComponent("database/001_init.sql"), encoding: .utf8)
        XCTAssertEqual(header, MigrationCreation.header(description: "Init", now: now))
        XCTAssertTrue(header.contains("20261122015000 UTC"))
    }
}
