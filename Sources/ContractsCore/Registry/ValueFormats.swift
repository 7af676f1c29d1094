import Yams

/// The formats registry values must have. Names end up inside Swift, SQL and TypeScript text as names, so anything
/// outside their shapes (quotes, spaces, `..`, control characters) is refused; wire values are data, escaped in
/// every literal they are written into.
enum ValueFormat {
    /// Keys: `^[a-z][a-z0-9_]*$` (attribute keys, payload field keys and enum values).
    case rawValue
    /// Wire values (notification types, retired values, the fallback): any non-empty string of at most 255 bytes
    /// without a control, line-separator or bidi character (`HiddenScalars`): camelCase, kebab-case, dotted,
    /// upper case and spaces are data the apps already store.
    case wireValue
    /// JSON keys of push payloads and rows, camelCase allowed (`matchId`): `^[A-Za-z_][A-Za-z0-9_]*$`.
    case jsonKey
    /// JSON keys of payload fields, as a server sends them: snake_case, camelCase (`availableToPlay`) or with
    /// hyphens (`x-request-id`, quoted where a language needs it): `^[A-Za-z_][A-Za-z0-9_-]*$`.
    case payloadKey
    /// Swift/TypeScript identifiers: `^[A-Za-z_][A-Za-z0-9_]*$`.
    case identifier
    /// SQL identifiers (unquoted, at most 63 bytes): `^[a-z_][a-z0-9_]*$`.
    case sqlIdentifier
    /// URL schemes: `^[a-z][a-z0-9+.-]*$`.
    case urlScheme
    /// Relative paths inside the project (no `..`, not absolute); `allowGlob` admits `*` and `?`.
    case relativePath(allowGlob: Bool)

    /// Whether `value` has this format.
    func accepts(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        let lower = { (b: UInt8) in b >= 97 && b <= 122 }
        let digit = { (b: UInt8) in b >= 48 && b <= 57 }
        switch self {
        case .rawValue:
            return Identifiers.isRawValue(value)
        case .wireValue:
            return Identifiers.isWireValue(value)
        case .identifier, .jsonKey:
            return Identifiers.isIdentifier(value)
        case .payloadKey:
            return Identifiers.isPayloadKey(value)
        case .sqlIdentifier:
            guard let first = bytes.first, lower(first) || first == 95, bytes.count <= 63 else { return false }
            return bytes.allSatisfy { lower($0) || digit($0) || $0 == 95 }
        case .urlScheme:
            guard let first = bytes.first, lower(first) else { return false }
            return bytes.allSatisfy { lower($0) || digit($0) || $0 == 43 || $0 == 45 || $0 == 46 }
        case .relativePath(let allowGlob):
            if value == "." { return true }
            let trimmed = value.hasSuffix("/") ? String(value.dropLast()) : value
            guard !trimmed.isEmpty, !trimmed.hasPrefix("/"), !trimmed.hasPrefix("~") else { return false }
            let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false)
            guard !segments.contains(where: { $0 == ".." || $0.isEmpty }) else { return false }
            return bytes.allSatisfy { b in
                let safe = lower(b) || digit(b) || (b >= 65 && b <= 90) || [95, 45, 46, 47, 64, 43].contains(b)
                return safe || (allowGlob && (b == 42 || b == 63 || b == 123 || b == 125 || b == 44))
            }
        }
    }

    /// How the format is described in errors.
    var explanation: String {
        switch self {
        case .rawValue: return "must match ^[a-z][a-z0-9_]*$ (it ends up inside SQL and TypeScript string literals)"
        case .wireValue: return "must be a non-empty string of at most 255 bytes without control, line-separator or bidi characters"
        case .identifier: return "must be an identifier (^[A-Za-z_][A-Za-z0-9_]*$)"
        case .jsonKey: return "must be a JSON key of letters, digits and underscores (^[A-Za-z_][A-Za-z0-9_]*$)"
        case .payloadKey: return "must be a JSON key of letters, digits, underscores and hyphens (^[A-Za-z_][A-Za-z0-9_-]*$)"
        case .sqlIdentifier: return "must be a lowercase SQL identifier (^[a-z_][a-z0-9_]*$, at most 63 bytes)"
        case .urlScheme: return "must be a URL scheme (^[a-z][a-z0-9+.-]*$)"
        case .relativePath: return "must be a relative path inside the project (no '..', not absolute, no spaces or quotes)"
        }
    }
}

extension YAMLReader {
    /// A string that must have `format`; reported (and nil) otherwise.
    func string(_ node: Node, _ what: String, format: ValueFormat) -> String? {
        guard let value = string(node, what) else { return nil }
        guard format.accepts(value) else {
            error("\(what) '\(value.prefix(80))' \(format.explanation)", at: node)
            return nil
        }
        return value
    }
}
