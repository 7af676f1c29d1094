import ContractsCore

extension SwiftEmitter {
    /// The file-private type whose functions read one parameter value from a push payload.
    static func payloadValueReaderName(_ links: DeepLinkSet) -> String { links.swiftEnum + "PayloadValue" }

    /// The reader function for a scalar type (timestamps are strings).
    static func readerFunction(_ type: ScalarType) -> String {
        switch type {
        case .uuid: return "uuid"
        case .string, .timestamp: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        }
    }

    /// Readers for the scalar types the deep links use, and only those: values arrive as strings from
    /// APNs payloads and as numbers (`NSNumber` on Apple platforms) from JSON or local notifications.
    static func renderPayloadValueReaders(_ links: DeepLinkSet) -> String {
        var functions: [String] = []
        for param in links.cases.flatMap(\.params) where !functions.contains(readerFunction(param.type)) {
            functions.append(readerFunction(param.type))
        }
        var w = SwiftCodeWriter()
        w.doc("Reads deep-link parameters from push payloads, accepting strings and numbers alike.")
        w.block("private enum \(payloadValueReaderName(links))") { w in
            for (index, function) in functions.enumerated() {
                if index > 0 { w.line() }
                for line in readerSource(function) { w.line(line) }
            }
        }
        return w.text
    }

    private static func readerSource(_ function: String) -> [String] {
        switch function {
        case "uuid":
            return [
                "static func uuid(_ value: Any?) -> UUID? {",
                "    if let uuid = value as? UUID { return uuid }",
                "    return (value as? String).flatMap { UUID(uuidString: $0) }",
                "}",
            ]
        case "string":
            return [
                "static func string(_ value: Any?) -> String? {",
                "    value as? String",
                "}",
            ]
        case "int":
            return [
                "static func int(_ value: Any?) -> Int? {",
                "    switch value {",
                "    case let string as String: return Int(string)",
                "    case let int as Int: return int",
                "    case let number as NSNumber: return Int(exactly: number.doubleValue)",
                "    default: return nil",
                "    }",
                "}",
            ]
        case "double":
            return [
                "static func double(_ value: Any?) -> Double? {",
                "    switch value {",
                "    case let string as String: return Double(string)",
                "    case let double as Double: return double",
                "    case let int as Int: return Double(int)",
                "    case let number as NSNumber: return number.doubleValue",
                "    default: return nil",
                "    }",
                "}",
            ]
        default:
            return [
                "static func bool(_ value: Any?) -> Bool? {",
                "    switch value {",
                "    case let string as String: return [\"true\": true, \"1\": true, \"false\": false, \"0\": false][string.lowercased()]",
                "    case let bool as Bool: return bool",
                "    case let number as NSNumber: return number == 0 ? false : number == 1 ? true : nil",
                "    default: return nil",
                "    }",
                "}",
            ]
        }
    }
}
