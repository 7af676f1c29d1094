import ContractsTestSupport
import Foundation
import XCTest

/// A fresh database on the PostgreSQL 15 `scripts/test` starts (trust on its socket, scram-sha-256 and TLS on
/// 127.0.0.1), one per test, dropped after it.
struct LiveTestDatabase {
    let psql: String
    let socket: String
    let port: String
    let user: String
    let name: String

    /// Creates a randomly named database; skips the test (fails it under CI=true) without a server.
    static func create(for test: XCTestCase) throws -> LiveTestDatabase {
        let env = ProcessInfo.processInfo.environment
        guard let psql = env["NAARS_TEST_PSQL"], let socket = env["NAARS_TEST_PGHOST"],
              let port = env["NAARS_TEST_PGPORT"], let user = env["NAARS_TEST_PGUSER"] else {
            let message = "NAARS_TEST_PSQL/PGHOST/PGPORT/PGUSER are not set; run through scripts/test"
            if env["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        let name = "naars_live_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = LiveTestDatabase(psql: psql, socket: socket, port: port, user: user, name: "postgres")
        try admin.succeed("CREATE DATABASE \(name);")
        test.addTeardownBlock { _ = try? admin.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE);") }
        return LiveTestDatabase(psql: psql, socket: socket, port: port, user: user, name: name)
    }

    /// The URL `check --database-url` gets: the socket, as `user` (trust: no password).
    func socketURL(user: String? = nil) -> String {
        "postgresql://\(user ?? self.user)@/\(name)?host=\(socket)&port=\(port)"
    }

    /// The URL over TCP with a password (scram-sha-256), for the password and TLS tests.
    func tcpURL(password: String, query: String = "sslmode=disable") throws -> String {
        let host = ProcessInfo.processInfo.environment["NAARS_TEST_PGTCPHOST"] ?? "127.0.0.1"
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        return "postgresql://\(user):\(encoded)@\(host):\(port)/\(name)?\(query)"
    }

    /// The server's password for `user` over TCP; skips without one.
    static func password() throws -> String {
        guard let password = ProcessInfo.processInfo.environment["NAARS_TEST_PGPASSWORD"], !password.isEmpty else {
            throw XCTSkip("NAARS_TEST_PGPASSWORD is not set; run through scripts/test")
        }
        return password
    }

    /// Runs a script as a file (`psql -v ON_ERROR_STOP=1 -f`).
    func run(_ script: String) throws -> ProcessOutput {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("naars-live-\(UUID().uuidString).sql")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try TestProcess.run(psql, ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socket, "-p", port,
                                          "-U", user, "-d", name, "-f", file.path])
    }

    /// Runs a script that must succeed; returns its output.
    @discardableResult
    func succeed(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(script)
        guard result.status == 0 else { throw PsqlFailed(message: result.stderr) }
        return result.stdout
    }
}

struct PsqlFailed: Error, CustomStringConvertible {
    var message: String
    var description: String { "psql failed: \(message)" }
}
