import ContractsTestSupport
import Foundation
import XCTest

/// Bad input to `check --database-url`: one clear line, exit 2, and the password nowhere in any output (text,
/// JSON, SARIF; the flag or NAARS_DATABASE_URL). TLS through libpq's `sslmode` when the server has a certificate.
final class LiveDatabaseBadInputTests: XCTestCase {
    private func carpool() throws -> LiveFixtureApp {
        try LiveFixtureApp.make("carpool-app-clean", folders: ["database", "supabase/migrations"], for: self)
    }

    /// Runs the URL through the flag and the environment in every format; each run must fail with exit 2 and
    /// one `error: live database:` line mentioning `expected`, and no output may hold `secret`.
    private func assertRefused(_ app: LiveFixtureApp, url: String, secret: String, mentioning expected: String,
                               extra: [String] = [], environment: [String: String] = [:],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        for format in ["text", "json", "sarif"] {
            for viaEnvironment in [false, true] {
                let arguments = ["--format", format] + extra + (viaEnvironment ? [] : ["--database-url", url])
                let result = try app.check(arguments, environment: environment.merging(viaEnvironment ? ["NAARS_DATABASE_URL": url] : [:]) { $1 })
                let how = "\(format)\(viaEnvironment ? " via NAARS_DATABASE_URL" : "")"
                XCTAssertEqual(result.status, 2, "\(how): \(result.stderr)", file: file, line: line)
                let lines = result.stderr.split(separator: "\n")
                XCTAssertEqual(lines.count, 1, "\(how): \(result.stderr)", file: file, line: line)
                XCTAssertTrue(lines.first?.hasPrefix("error: live database: ") == true, "\(how): \(result.stderr)", file: file, line: line)
                XCTAssertTrue(result.stderr.contains(expected), "\(how): \(result.stderr)", file: file, line: line)
                if format == "text" {
                    XCTAssertEqual(result.stdout, "", "\(how): nothing is reported when the database cannot be read", file: file, line: line)
                } else {
                    // json and sarif still write a valid document, holding the error and no finding.
                    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                    XCTAssertTrue(result.stdout.contains("live database: "), "\(how): \(result.stdout)", file: file, line: line)
                    XCTAssertFalse(result.stdout.contains("\"ruleId\"") || result.stdout.contains("\"rule\":"),
                                   "\(how): no finding is reported: \(document)", file: file, line: line)
                }
                XCTAssertFalse((result.stdout + result.stderr).contains(secret), "\(how) printed the password", file: file, line: line)
            }
        }
    }

    func testAURLThatDoesNotParseIsOneLineWithoutThePassword() throws {
        let app = try carpool()
        try assertRefused(app, url: "postgresql://postgres:Hunter2-unparsed@[::1/db", secret: "Hunter2-unparsed",
                          mentioning: "does not parse")
        try assertRefused(app, url: "postgresql://postgres:Hunter2-query@localhost/db?sslmod=require", secret: "Hunter2-query",
                          mentioning: "sslmod")
    }

    /// libpq is loaded only for a live database, and a libpq that cannot be loaded is one line naming it and
    /// how to install it (NAARS_LIBPQ_PATH pointing at a missing file stands in for a machine without libpq).
    func testAMissingLibpqIsOneLineAndPlainCheckNeverLoadsIt() throws {
        let app = try carpool()
        let missing = ["NAARS_LIBPQ_PATH": app.root.appendingPathComponent("no-such-dir/libpq.so.5").path]
        try assertRefused(app, url: "postgresql://postgres:Hunter2-nolibpq@127.0.0.1:1/postgres", secret: "Hunter2-nolibpq",
                          mentioning: "cannot load libpq", environment: missing)
        let result = try app.check(["--database-url", "postgresql://127.0.0.1:1/postgres"], environment: missing)
        XCTAssertEqual(result.status, 2, result.stderr)
        for expected in ["no-such-dir/libpq.so.5", "libpq5", "brew install libpq", "NAARS_LIBPQ_PATH"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected) in: \(result.stderr)")
        }
        // Without a database URL, the same missing libpq changes nothing: the tool never loads it.
        let plain = try app.check(["--format", "json"], environment: missing)
        XCTAssertNotEqual(plain.status, 2, plain.stderr)
        XCTAssertFalse((plain.stdout + plain.stderr).contains("libpq"), plain.stderr)
    }

    func testARefusedConnectionIsOneLineWithoutThePassword() throws {
        let app = try carpool()
        try assertRefused(app, url: "postgresql://postgres:Hunter2-refused@127.0.0.1:1/postgres", secret: "Hunter2-refused",
                          mentioning: "cannot connect")
    }

    func testAWrongPasswordIsOneLineWithoutThePassword() throws {
        let app = try carpool()
        _ = try LiveTestDatabase.password()
        let wrong = "Wrong-" + UUID().uuidString
        try assertRefused(app, url: try app.database.tcpURL(password: wrong), secret: wrong,
                          mentioning: "password authentication failed")
        // In the query string too, where libpq also reads it.
        let host = ProcessInfo.processInfo.environment["NAARS_TEST_PGTCPHOST"] ?? "127.0.0.1"
        try assertRefused(app, url: "postgresql://\(app.database.user)@\(host):\(app.database.port)/\(app.database.name)?password=\(wrong)",
                          secret: wrong, mentioning: "password authentication failed")
    }

    /// A table locked by another session: the bounded SELECT DISTINCT waits, and the statement timeout ends it.
    func testAQueryThatTimesOutIsOneLineWithoutThePassword() throws {
        let app = try carpool()
        let password = try LiveTestDatabase.password()
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: app.database.psql)
        locker.arguments = ["-X", "-q", "-h", app.database.socket, "-p", app.database.port, "-U", app.database.user,
                            "-d", app.database.name, "-c",
                            "BEGIN; LOCK TABLE public.notifications IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(60);"]
        locker.standardOutput = FileHandle.nullDevice
        locker.standardError = FileHandle.nullDevice
        try locker.run()
        defer { locker.terminate(); locker.waitUntilExit() }
        // Wait until the lock is held.
        for _ in 0 ..< 50 {
            let held = try app.database.succeed("SELECT count(*) FROM pg_locks WHERE relation = 'public.notifications'::regclass AND mode = 'AccessExclusiveLock' AND granted;")
            if held.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try assertRefused(app, url: try app.database.tcpURL(password: password), secret: password,
                          mentioning: "statement timeout", extra: ["--database-timeout", "1"])
    }

    /// A successful run over TCP with the password in the URL: no report format prints it.
    func testTheRightPasswordIsNeverPrinted() throws {
        let app = try carpool()
        let password = try LiveTestDatabase.password()
        try app.database.succeed("ALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;")
        for format in ["text", "json", "sarif", "github", "xcode"] {
            let result = try app.check(["--format", format, "--database-url", try app.database.tcpURL(password: password)])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("db-constraint-drift"), format)
            XCTAssertFalse((result.stdout + result.stderr).contains(password), "\(format) printed the password")
        }
    }

    /// TLS as libpq negotiates it from `sslmode`: `require` works against the server's self-signed certificate,
    /// `verify-full` refuses it (no trusted root), `disable` still works.
    func testSSLModeFromTheURL() throws {
        guard ProcessInfo.processInfo.environment["NAARS_TEST_PGTLS"] == "1" else {
            throw XCTSkip("the test server has no TLS certificate (openssl missing)")
        }
        let app = try carpool()
        let password = try LiveTestDatabase.password()
        XCTAssertEqual(try app.liveFindings(url: try app.database.tcpURL(password: password, query: "sslmode=require")), [])
        XCTAssertEqual(try app.liveFindings(url: try app.database.tcpURL(password: password, query: "sslmode=disable")), [])
        try assertRefused(app, url: try app.database.tcpURL(password: password, query: "sslmode=verify-full&sslrootcert=/nonexistent/root.crt"),
                          secret: password, mentioning: "root.crt")
    }

    func testAnEmptyFlagIsBadInput() throws {
        let app = try carpool()
        let result = try app.check(["--database-url", " "])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: --database-url is empty\n")
        let zero = try app.check(["--database-url", app.database.socketURL(), "--database-timeout", "0"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "error: --database-timeout must be at least 1 (seconds)\n")
    }
}
