import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libpq connection, used from one thread. libpq parses the URL (`PQconninfoParse`: the same URLs and
/// `key=value` strings psql takes) and negotiates TLS from its `sslmode` (disable, require, verify-ca,
/// verify-full), so this file only passes text in and rows out. Every libpq result is freed before returning.
/// libpq is loaded at run time (`LibPQ`): its functions are called through `pq`.
final class PostgresConnection {
    private let pq: LibPQ
    private let connection: OpaquePointer
    private let redaction: SecretRedaction
    /// How long one statement may take before the client gives up on the server: the server's own
    /// `statement_timeout` (set to the same seconds) answers first when the server is alive; this bounds a server
    /// that accepted the connection and then went silent.
    private let answerDeadline: Double
    /// Set once a statement went unanswered: the connection is then in no known state, and is not used again.
    private var unanswered = false

    /// Connects, giving up after `timeout` seconds (libpq's `connect_timeout`, unless the URL sets its own).
    init(url: String, timeout: Int, redaction: SecretRedaction) throws {
        let pq = try LibPQ.loaded()
        self.pq = pq
        self.redaction = redaction
        answerDeadline = Double(timeout) + 0.5
        var error: UnsafeMutablePointer<CChar>?
        guard let options = pq.PQconninfoParse(url, &error) else {
            let message = error.map { String(cString: $0) } ?? "out of memory"
            if let error { pq.PQfreemem(error) }
            throw LiveDatabaseError("the database URL does not parse: \(message)", redaction: redaction)
        }
        pq.PQconninfoFree(options)
        // Later keywords win, and the URL (expanded from `dbname`) comes last: its own settings are kept.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = [String(max(timeout, 2)), "naars-contracts check", url]
        let connection = Self.withCStrings(keywords) { k in Self.withCStrings(values) { v in pq.PQconnectdbParams(k, v, 1) } }
        guard let connection else { throw LiveDatabaseError("cannot allocate a libpq connection", redaction: redaction) }
        guard pq.PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: pq.PQerrorMessage(connection))
            pq.PQfinish(connection)
            throw LiveDatabaseError("cannot connect to the database: \(message)", redaction: redaction)
        }
        self.connection = connection
    }

    deinit { pq.PQfinish(connection) }

    /// Runs one statement with text parameters; returns its rows (nil for SQL NULL). Waits for the answer on the
    /// socket with a deadline (`answerDeadline`), never in libpq's blocking calls.
    @discardableResult
    func query(_ sql: String, _ parameters: [String] = []) throws -> [[String?]] {
        guard !unanswered else { throw LiveDatabaseError(plain: "the database stopped answering") }
        let sent = Self.withCStrings(parameters) { params in
            pq.PQsendQueryParams(connection, sql, Int32(parameters.count), nil, params, nil, nil, 0)
        }
        guard sent == 1 else {
            throw LiveDatabaseError("the database refused a read: \(String(cString: pq.PQerrorMessage(connection)))", redaction: redaction)
        }
        try awaitAnswer()
        // The statement's result, then nil; a later result of the same statement (none here) would be freed.
        let result = pq.PQgetResult(connection)
        while let extra = pq.PQgetResult(connection) { pq.PQclear(extra) }
        defer { pq.PQclear(result) }
        let status = pq.PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            let message = result.map { String(cString: pq.PQresultErrorMessage($0)) } ?? String(cString: pq.PQerrorMessage(connection))
            throw LiveDatabaseError("the database refused a read: \(message)", redaction: redaction)
        }
        let rows = Int(pq.PQntuples(result)), columns = Int(pq.PQnfields(result))
        return (0 ..< rows).map { row in
            (0 ..< columns).map { column in
                pq.PQgetisnull(result, Int32(row), Int32(column)) == 1
                    ? nil : String(cString: pq.PQgetvalue(result, Int32(row), Int32(column)))
            }
        }
    }

    /// Returns once libpq holds the whole answer to the statement sent; throws when the socket fails or the
    /// deadline passes first.
    private func awaitAnswer() throws {
        let socket = pq.PQsocket(connection)
        let deadline = Date().addingTimeInterval(answerDeadline)
        while pq.PQisBusy(connection) == 1 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, socket >= 0 else {
                unanswered = true
                throw LiveDatabaseError(plain: "the database did not answer within \(Int(answerDeadline)) s (--database-timeout); "
                    + "it accepted the connection, then stopped answering")
            }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw LiveDatabaseError(plain: "cannot wait for the database (\(String(cString: strerror(errno))))") }
            if ready > 0, pq.PQconsumeInput(connection) == 0 {
                unanswered = true
                throw LiveDatabaseError("the connection to the database failed: \(String(cString: pq.PQerrorMessage(connection)))",
                                        redaction: redaction)
            }
        }
    }

    /// `"name"` quoted as libpq quotes identifiers for this connection's encoding.
    func quotedIdentifier(_ name: String) throws -> String {
        guard let quoted = pq.PQescapeIdentifier(connection, name, name.utf8.count) else {
            throw LiveDatabaseError("cannot quote \(name): \(String(cString: pq.PQerrorMessage(connection)))", redaction: redaction)
        }
        defer { pq.PQfreemem(quoted) }
        return String(cString: quoted)
    }

    /// A NULL-terminated array of C strings, valid inside `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
