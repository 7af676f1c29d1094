import CLibPQ
import Foundation

/// One libpq connection, used from one thread. libpq parses the URL (`PQconninfoParse`: the same URLs and
/// `key=value` strings psql takes) and negotiates TLS from its `sslmode` (disable, require, verify-ca,
/// verify-full), so this file only passes text in and rows out. Every libpq result is freed before returning.
/// libpq is loaded at run time (`LibPQ`): its functions are called through `pq`.
final class PostgresConnection {
    private let pq: LibPQ
    private let connection: OpaquePointer
    private let redaction: SecretRedaction

    /// Connects, giving up after `timeout` seconds (libpq's `connect_timeout`, unless the URL sets its own).
    init(url: String, timeout: Int, redaction: SecretRedaction) throws {
        let pq = try LibPQ.loaded()
        self.pq = pq
        self.redaction = redaction
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

    /// Runs one statement with text parameters; returns its rows (nil for SQL NULL).
    @discardableResult
    func query(_ sql: String, _ parameters: [String] = []) throws -> [[String?]] {
        let result = Self.withCStrings(parameters) { params in
            pq.PQexecParams(connection, sql, Int32(parameters.count), nil, params, nil, nil, 0)
        }
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
