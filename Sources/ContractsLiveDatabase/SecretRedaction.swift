import CLibPQ
import Foundation

/// Keeps a database password out of everything `check --database-url` prints: libpq's messages, ours, the
/// reports. The secrets are the password libpq itself reads from the URL (`postgresql://u:PASS@h`,
/// `?password=PASS`, `password=PASS`), and, for a URL libpq rejects, the user-info part a reader would
/// take for one; each is replaced in its written and its percent-decoded form.
struct SecretRedaction: Sendable {
    private(set) var secrets: [String] = []

    init(url: String) {
        var found: [String] = []
        if let parsed = Self.conninfoPassword(url) { found.append(parsed) }
        if let scheme = url.range(of: "://") {
            let rest = url[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") { found.append(String(userInfo[userInfo.index(after: colon)...])) }
            }
        }
        // Read by hand too, for a URL libpq rejects (its message quotes the token it could not decode, a malformed
        // percent-escape in `?password=` among them): every `password=` of the query string, and of a `key=value`
        // string, as written.
        found += Self.writtenPasswords(url)
        for secret in found where !secret.isEmpty {
            secrets.append(secret)
            if let decoded = secret.removingPercentEncoding, decoded != secret { secrets.append(decoded) }
        }
        // Longest first, so a password that contains another secret is replaced whole.
        secrets = Array(Set(secrets)).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `****`.
    func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "****") }
    }

    /// The values written after `password=` in a URL's query string (`?a=b&password=x`) or a `key=value` string
    /// (`password=x`, `password = 'x y'`), as written, whether or not they decode.
    static func writtenPasswords(_ conninfo: String) -> [String] {
        var out: [String] = []
        if conninfo.contains("://") {
            guard let query = conninfo.firstIndex(of: "?") else { return [] }
            let text = conninfo[conninfo.index(after: query)...].prefix { $0 != "#" }
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { continue }
                let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                if key.lowercased() == "password" { out.append(String(parts[1])) }
            }
            return out
        }
        var rest = Substring(conninfo)
        while let range = rest.range(of: "password") {
            var after = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            rest = rest[range.upperBound...]
            guard after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " || $0 == "\t" }
            if after.first == "'" {
                var value = "", escaped = false
                for character in after.dropFirst() {
                    if escaped { value.append(character); escaped = false } else if character == "\\" { escaped = true }
                    else if character == "'" { break } else { value.append(character) }
                }
                out.append(value)
            } else {
                out.append(String(after.prefix { $0 != " " && $0 != "\t" }))
            }
        }
        return out
    }

    /// The password libpq reads from `conninfo` (a URL or `key=value` string), if it parses and names one
    /// (nil when libpq cannot be loaded: then nothing connects, and the URL is never printed).
    static func conninfoPassword(_ conninfo: String) -> String? {
        guard let pq = try? LibPQ.loaded() else { return nil }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = pq.PQconninfoParse(conninfo, &error) else {
            if let error { pq.PQfreemem(error) }
            return nil
        }
        defer { pq.PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val { return String(cString: value) }
            option += 1
        }
        return nil
    }
}
