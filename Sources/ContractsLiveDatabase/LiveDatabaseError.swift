import Foundation

/// Why the live database could not be read: one line, the password already replaced (see `SecretRedaction`).
public struct LiveDatabaseError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ message: String, redaction: SecretRedaction) {
        // libpq's messages span lines ("...failed: Connection refused\n\tIs the server running...?"): one line here.
        let oneLine = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        description = redaction.redact(oneLine)
    }

    /// A message of the tool's own, already one line and holding no secret.
    init(plain message: String) {
        description = message
    }
}
