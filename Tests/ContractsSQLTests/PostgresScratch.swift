import ContractsTestSupport
import Foundation
import XCTest

/// A fresh database on the test PostgreSQL 15 (`scripts/test` starts it and exports NAARS_TEST_*),
/// dropped again by `drop()`. Without the environment: a skip, or a failure when CI=true.
struct PostgresScratch {
    let psql: String
    let baseArguments: [String]
    let name: String

    static func create() throws -> PostgresScratch {
        let env = ProcessInfo.processInfo.environment
        guard let host = env["NAARS_TEST_PGHOST"], let port = env["NAARS_TEST_PGPORT"] else {
            if env["CI"] == "true" { XCTFail("NAARS_TEST_PGHOST/PGPORT missing on CI: run scripts/test") }
            throw XCTSkip("no test database: run scripts/test to compare with PostgreSQL 15")
        }
        let psql = env["NAARS_TEST_PSQL"] ?? "psql"
        let base = ["-h", host, "-p", port, "-U", env["NAARS_TEST_PGUSER"] ?? "postgres", "-X", "-q", "-v", "ON_ERROR_STOP=1"]
        let name = "sqlreader_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        let scratch = PostgresScratch(psql: psql, baseArguments: base, name: name)
        _ = try scratch.run(["-d", "postgres", "-c", "CREATE DATABASE \(name)"])
        return scratch
    }

    /// Applies one migration file.
    func apply(file: URL) throws {
        _ = try run(["-d", name, "-f", file.path])
    }

    /// Rows of a query, fields split on `|`.
    func rows(_ sql: String) throws -> [[String]] {
        try run(["-d", name, "-At", "-F", "|", "-c", sql]).split(separator: "\n").map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
    }

    func drop() {
        _ = try? run(["-d", "postgres", "-c", "DROP DATABASE IF EXISTS \(name)"])
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let result = try TestProcess.run(psql, baseArguments + arguments)
        guard result.status == 0 else {
            throw NSError(domain: "psql", code: Int(result.status), userInfo: [
                NSLocalizedDescriptionKey: "psql \(arguments.joined(separator: " ")): \(result.stderr)",
            ])
        }
        return result.stdout
    }
}
