import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libpq, loaded at run time: the binary does not link it, so plain `check` (and every other command) runs where
/// libpq is not installed; only `check --database-url` loads it, once, and fails with one line when it cannot.
/// `NAARS_LIBPQ_PATH` names the library file; else the system's (Debian `libpq5`, Homebrew `libpq`).
struct LibPQ: @unchecked Sendable {
    let PQconninfoParse: PQconninfoParse_fn
    let PQconninfoFree: PQconninfoFree_fn
    let PQfreemem: PQfreemem_fn
    let PQconnectdbParams: PQconnectdbParams_fn
    let PQstatus: PQstatus_fn
    let PQerrorMessage: PQerrorMessage_fn
    let PQfinish: PQfinish_fn
    let PQexecParams: PQexecParams_fn
    let PQclear: PQclear_fn
    let PQresultStatus: PQresultStatus_fn
    let PQresultErrorMessage: PQresultErrorMessage_fn
    let PQntuples: PQntuples_fn
    let PQnfields: PQnfields_fn
    let PQgetisnull: PQgetisnull_fn
    let PQgetvalue: PQgetvalue_fn
    let PQescapeIdentifier: PQescapeIdentifier_fn
    let PQsendQueryParams: PQsendQueryParams_fn
    let PQsocket: PQsocket_fn
    let PQconsumeInput: PQconsumeInput_fn
    let PQisBusy: PQisBusy_fn
    let PQgetResult: PQgetResult_fn

    /// The environment variable that names the library file, instead of the places below.
    static let pathVariable = "NAARS_LIBPQ_PATH"

    /// Where libpq is looked for, in order: the dynamic linker's own search (Linux), Homebrew's keg-only
    /// prefixes (Apple silicon, Intel), then the dynamic linker's search (macOS).
    static var candidates: [String] {
        #if os(macOS)
        ["/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib", "libpq.5.dylib"]
        #else
        ["libpq.so.5"]
        #endif
    }

    /// The library, loaded on first use; the same error every time when it cannot be.
    static func loaded() throws -> LibPQ { try shared.get() }

    private static let shared: Result<LibPQ, LiveDatabaseError> = Result {
        try load(environment: ProcessInfo.processInfo.environment)
    }.mapError { $0 as? LiveDatabaseError ?? LiveDatabaseError(plain: "\($0)") }

    static func load(environment: [String: String]) throws -> LibPQ {
        let explicit = environment[pathVariable].flatMap { $0.isEmpty ? nil : $0 }
        var failures: [String] = []
        for path in explicit.map({ [$0] }) ?? candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                failures.append(dlerror().map { String(cString: $0) } ?? path)
                continue
            }
            // Never closed: the functions are used until the process ends.
            return try LibPQ(handle: handle, path: path)
        }
        let source = explicit == nil ? "" : " from \(pathVariable)"
        throw LiveDatabaseError(plain: "cannot load libpq, PostgreSQL's client library\(source) (\(failures.joined(separator: "; "))); "
            + "install it (Debian, Ubuntu: apt-get install libpq5; macOS: brew install libpq) or set \(pathVariable) to the library file")
    }

    private init(handle: UnsafeMutableRawPointer, path: String) throws {
        func symbol<T>(_ name: String, _: T.Type) throws -> T {
            guard let address = dlsym(handle, name) else {
                throw LiveDatabaseError(plain: "cannot load libpq from \(path): it has no \(name) (is it libpq?)")
            }
            return unsafeBitCast(address, to: T.self)
        }
        PQconninfoParse = try symbol("PQconninfoParse", PQconninfoParse_fn.self)
        PQconninfoFree = try symbol("PQconninfoFree", PQconninfoFree_fn.self)
        PQfreemem = try symbol("PQfreemem", PQfreemem_fn.self)
        PQconnectdbParams = try symbol("PQconnectdbParams", PQconnectdbParams_fn.self)
        PQstatus = try symbol("PQstatus", PQstatus_fn.self)
        PQerrorMessage = try symbol("PQerrorMessage", PQerrorMessage_fn.self)
        PQfinish = try symbol("PQfinish", PQfinish_fn.self)
        PQexecParams = try symbol("PQexecParams", PQexecParams_fn.self)
        PQclear = try symbol("PQclear", PQclear_fn.self)
        PQresultStatus = try symbol("PQresultStatus", PQresultStatus_fn.self)
        PQresultErrorMessage = try symbol("PQresultErrorMessage", PQresultErrorMessage_fn.self)
        PQntuples = try symbol("PQntuples", PQntuples_fn.self)
        PQnfields = try symbol("PQnfields", PQnfields_fn.self)
        PQgetisnull = try symbol("PQgetisnull", PQgetisnull_fn.self)
        PQgetvalue = try symbol("PQgetvalue", PQgetvalue_fn.self)
        PQescapeIdentifier = try symbol("PQescapeIdentifier", PQescapeIdentifier_fn.self)
        PQsendQueryParams = try symbol("PQsendQueryParams", PQsendQueryParams_fn.self)
        PQsocket = try symbol("PQsocket", PQsocket_fn.self)
        PQconsumeInput = try symbol("PQconsumeInput", PQconsumeInput_fn.self)
        PQisBusy = try symbol("PQisBusy", PQisBusy_fn.self)
        PQgetResult = try symbol("PQgetResult", PQgetResult_fn.self)
    }
}
