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

    /// A huge timeout is refused at the flag (it used to overflow into a trap), with or without the URL's own
    /// connect_timeout; the largest accepted one works.
    func testAHugeTimeoutIsBadInputNotACrash() throws {
        let app = try carpool()
        for url in [app.database.socketURL(), "postgresql://app:Hunter2-huge@127.0.0.1:1/postgres?connect_timeout=2"] {
            for format in ["text", "json"] {
                let result = try app.check(["--format", format, "--database-url", url, "--database-timeout", "9223372036854775807"])
                XCTAssertEqual(result.status, 2, result.stderr)
                XCTAssertEqual(result.stderr, "error: --database-timeout must be at most 86400 (seconds: one day)\n")
                XCTAssertFalse((result.stdout + result.stderr).contains("Hunter2-huge"))
            }
        }
        let day = try app.check(["--database-url", app.database.socketURL(), "--database-timeout", "86400"])
        XCTAssertNotEqual(day.status, 2, day.stderr)
    }

    func testAMalformedPercentEscapeNeverPrintsThePassword() throws {
        let app = try carpool()
        try assertRefused(app, url: "postgresql://app@127.0.0.1:1/app?password=Hunter2%ZZtopsecret", secret: "Hunter2",
                          mentioning: "does not parse")
        try assertRefused(app, url: "postgresql://app@127.0.0.1:1/app?password=Hunter2%ZZtopsecret", secret: "topsecret",
                          mentioning: "percent-encoded")
    }

    /// A server that accepts the connection (startup, authentication, ready) and then never answers a statement:
    /// `check` gives up after the timeout, one line, exit 2, instead of waiting for ever.
    func testAServerThatStopsAnsweringEndsWithinTheTimeout() throws {
        let app = try carpool()
        let python = ProcessInfo.processInfo.environment["NAARS_TEST_PYTHON"] ?? "python3"
        let script = app.root.appendingPathComponent("silent-server.py")
        try Data(Self.silentServer.utf8).write(to: script)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python.hasPrefix("/") ? python : "/usr/bin/env")
        server.arguments = (python.hasPrefix("/") ? [] : [python]) + [script.path]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var portLine = Data()
        while !portLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            portLine.append(chunk)
        }
        let port = String(decoding: portLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(port.isEmpty)
        let url = "postgresql://app:Hunter2-silent@127.0.0.1:\(port)/app?sslmode=disable&gssencmode=disable"
        for format in ["text", "json"] {
            let started = Date()
            let result = try app.check(["--format", format, "--database-url", url, "--database-timeout", "2"])
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("error: live database: the database did not answer within 2 s"), result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains("Hunter2-silent"))
            XCTAssertLessThan(elapsed, 2 + 1 + 2, "the timeout plus one second (and the run's own work)")
        }
    }

    /// Answers PostgreSQL's startup (no TLS, no GSS, trust), says it is ready, then reads and never answers.
    static let silentServer = #"""
    import socket, struct, sys, threading
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    print(listener.getsockname()[1], flush=True)
    def serve(conn):
        try:
            while True:
                head = conn.recv(8, socket.MSG_WAITALL)
                if len(head) < 8:
                    return
                length, code = struct.unpack("!ii", head)
                if code in (80877103, 80877104):   # SSLRequest, GSSENCRequest: not here
                    conn.sendall(b"N")
                    continue
                conn.recv(length - 8, socket.MSG_WAITALL)
                conn.sendall(b"R" + struct.pack("!ii", 8, 0) + b"Z" + struct.pack("!i", 5) + b"I")
                break
            while conn.recv(65536):
                pass                               # every statement read, none answered
        finally:
            conn.close()
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
    """#
}
