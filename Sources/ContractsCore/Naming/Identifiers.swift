/// Name conversions and reserved words shared by the generators and readers.
public enum Identifiers {
    /// `ride_claimed` → `rideClaimed`.
    public static func camelCase(_ snake: String) -> String {
        let parts = snake.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return snake }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `RideClaimed` → `ride_claimed`; `Fix badge counts!` → `fix_badge_counts`.
    public static func snakeCase(_ text: String) -> String {
        var out = ""
        var previousWasLowerOrDigit = false
        for scalar in text.unicodeScalars {
            let c = Character(scalar)
            if c.isLetter || c.isNumber, scalar.isASCII {
                if c.isUppercase, previousWasLowerOrDigit, !out.hasSuffix("_") { out += "_" }
                out += c.lowercased()
                previousWasLowerOrDigit = c.isLowercase || c.isNumber
            } else {
                if !out.isEmpty, !out.hasSuffix("_") { out += "_" }
                previousWasLowerOrDigit = false
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    /// `badge_counts` → `BadgeCounts`.
    public static func pascalCase(_ snake: String) -> String {
        let camel = camelCase(snake)
        return camel.prefix(1).uppercased() + camel.dropFirst()
    }

    /// Swift keywords that need backticks as identifiers.
    public static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol",
    ]

    /// TypeScript/JavaScript reserved words (not usable as binding names).
    public static let typescriptReserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
        "any", "boolean", "number", "string", "symbol", "type", "never", "unknown", "object", "undefined",
    ]

    /// Names strict mode forbids as bindings, and ES modules are always strict: `export const eval` does not parse.
    public static let typescriptStrictModeReserved: Set<String> = ["eval", "arguments"]

    /// Standard Swift types (and the module) the generated Swift names unqualified: a generated type of one of
    /// these names would shadow it (`enum String: String`), and the generated code would no longer compile.
    public static let swiftStandardTypeNames: Set<String> = [
        "AnyHashable", "Array", "Bool", "CaseIterable", "Character", "Codable", "CodingKey", "CodingKeys", "Data",
        "Date", "Decodable", "Decoder", "DecodingError", "Dictionary", "Double", "Encodable", "Encoder", "Equatable",
        "Error", "Float", "Foundation", "Hashable", "Int", "NSNumber", "Never", "Optional", "RawRepresentable",
        "Result", "Sendable", "Set", "String", "Substring", "Swift", "URL", "URLComponents", "URLQueryItem", "UUID",
        "Void",
    ]

    /// Global TypeScript types and values the generated TypeScript uses (and its own helper types `Json` and
    /// `Reader`): a generated declaration of one of these names would shadow it.
    public static let typescriptStandardNames: Set<String> = [
        "Array", "Boolean", "Error", "JSON", "Json", "Map", "Number", "Object", "Reader", "Readonly", "ReadonlyArray",
        "ReadonlySet", "Record", "Set", "String", "TypeError",
    ]

    /// Why `name` cannot name a generated Swift and TypeScript type, or nil when it can.
    public static func typeNameProblem(_ name: String) -> String? {
        if swiftKeywords.contains(name) || typescriptReserved.contains(name) { return "is a Swift or TypeScript keyword" }
        if typescriptStrictModeReserved.contains(name) { return "is reserved in TypeScript modules (strict mode)" }
        if swiftStandardTypeNames.contains(name) { return "would shadow the Swift standard type the generated code uses" }
        if typescriptStandardNames.contains(name) { return "would shadow the TypeScript global the generated code uses" }
        return nil
    }

    /// A Swift identifier, backticked when it is a keyword (`default` → `` `default` ``).
    public static func swiftIdentifier(_ name: String) -> String {
        swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `name` is a plain ASCII identifier (`^[A-Za-z_][A-Za-z0-9_]*$`).
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !name.isEmpty else { return false }
        let isHead = { (b: UInt8) in (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }
        return isHead(first) && name.utf8.allSatisfy { isHead($0) || ($0 >= 48 && $0 <= 57) }
    }

    /// Whether `raw` is a wire value the registry accepts: non-empty, at most 255 bytes, no character of
    /// `HiddenScalars.mustEscape` (every generator escapes the rest in its literals).
    public static func isWireValue(_ raw: String) -> Bool {
        !raw.isEmpty && raw.utf8.count <= 255 && !raw.unicodeScalars.contains(where: HiddenScalars.mustEscape)
    }

    /// The Swift case name a wire value gives when the registry names none: `ride_claimed` → `rideClaimed`,
    /// `expenseAdded` → `expenseAdded`; nil when the value is not made of identifier characters (`ride-cancelled`,
    /// `1H`, `in progress`), which need `case:`.
    public static func derivedCaseName(_ raw: String) -> String? {
        guard isIdentifier(raw) else { return nil }
        let name = camelCase(raw)
        return isIdentifier(name) ? name : nil
    }

    /// A wire value's key in a generated TypeScript `as const` object: upper-cased (`ride_claimed` → `RIDE_CLAIMED`);
    /// a value of another shape through snake case first (`expenseAdded` → `EXPENSE_ADDED`), or its Swift case's
    /// when that leaves nothing.
    public static func typescriptKey(raw: String, swiftCase: String) -> String {
        if isRawValue(raw) { return raw.uppercased() }
        let snake = snakeCase(raw)
        return (snake.isEmpty ? snakeCase(swiftCase) : snake).uppercased()
    }

    /// The case name to suggest for a wire value that makes none (`ride-cancelled` → `rideCancelled`).
    public static func suggestedCaseName(_ raw: String) -> String {
        let suggestion = camelCase(snakeCase(raw))
        return isIdentifier(suggestion) ? suggestion : "value" + suggestion
    }

    /// Whether `key` is a payload field's JSON key: `^[A-Za-z_][A-Za-z0-9_-]*$` (snake_case, camelCase, kebab-case).
    public static func isPayloadKey(_ key: String) -> Bool {
        let isHead = { (b: UInt8) in (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }
        guard let first = key.utf8.first, isHead(first) else { return false }
        return key.utf8.allSatisfy { isHead($0) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }

    /// The Swift property a payload field's JSON key becomes: `messages_total` → `messagesTotal`, `availableToPlay`
    /// as it is, `x-request-id` → `xRequestId`, `URL` → `url`; nil when no identifier is left (`_`, `-`).
    public static func swiftPropertyName(forKey key: String) -> String? {
        let parts = key.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first else { return nil }
        let head = first.allSatisfy(\.isUppercase) ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        let name = head + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return isIdentifier(name) ? name : nil
    }

    /// Whether `raw` has the snake-case shape `^[a-z][a-z0-9_]*$` (the shape of most wire values, and of keys).
    public static func isRawValue(_ raw: String) -> Bool {
        guard let first = raw.utf8.first, first >= 97, first <= 122 else { return false }
        return raw.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }
}
