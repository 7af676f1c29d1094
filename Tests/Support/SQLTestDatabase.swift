import Foundation
import XCTest

/// A fresh PostgreSQL database for one test, reached with psql from the environment `scripts/test` exports.
public struct SQLTestDatabase {
    public let psql: String
    public let host: String
    public let port: String
    public let user: String
    public let name: String

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Creates a randomly named database; skips the test (fails it under CI=true) without a server.
    public static func create() throws -> SQLTestDatabase {
        let env = ProcessInfo.processInfo.environment
        guard let psql = env["NAARS_TEST_PSQL"], let host = env["NAARS_TEST_PGHOST"],
              let port = env["NAARS_TEST_PGPORT"], let user = env["NAARS_TEST_PGUSER"] else {
            let message = "NAARS_TEST_PSQL/PGHOST/PGPORT/PGUSER are not set; run through scripts/test"
            if env["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        let name = "naars_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = SQLTestDatabase(psql: psql, host: host, port: port, user: user, name: "postgres")
        let created = try admin.run("CREATE DATABASE \(name);")
        guard created.status == 0 else { throw XCTSkip("cannot create a database: \(created.stderr)") }
        return SQLTestDatabase(psql: psql, host: host, port: port, user: user, name: name)
    }

    /// Drops the database.
    public func drop() {
        let admin = SQLTestDatabase(psql: psql, host: host, port: port, user: user, name: "postgres")
        _ = try? admin.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE);")
    }

    /// Runs a script as a file (`psql -v ON_ERROR_STOP=1 -f`), errors printed with their SQLSTATE.
    public func run(_ script: String) throws -> Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(UUID().uuidString).sql")
        try Data(("\\set VERBOSITY verbose\n" + script).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TestProcess.run(psql, ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", port,
                                                "-U", user, "-d", name, "-f", file.path])
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs a script that must succeed; returns its output.
    @discardableResult
    public func succeed(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(script)
        XCTAssertEqual(result.status, 0, "psql failed: \(result.stderr)", file: file, line: line)
        return result.stdout
    }
}
