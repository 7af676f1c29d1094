/// A value's text in the registry digest (`RegistryDigest`), written without runtime reflection.
///
/// The rules are the ones the earlier `Mirror` walk followed, so digests stay byte-identical: a struct is
/// `{label=text,...}` in declaration order (`RegistryDigest.record`), a `SourceLocation` is `_`, a string is its
/// Swift literal (`debugDescription`), an array `[a,b]`, a dictionary its `key:value` entries sorted, an optional
/// its value or `nil`, an enum case `.case(payload)` or its bare name, numbers and booleans their description.
protocol DigestCanonical {
    /// The canonical text of this value.
    var digestCanonical: String { get }
}

/// One stored property of a struct as the digest renders it.
struct DigestField {
    /// The property's name, as declared.
    var label: String
    /// The property value's canonical text.
    var text: String

    init(_ label: String, _ value: some DigestCanonical) {
        self.label = label
        self.text = value.digestCanonical
    }
}

/// A struct the digest renders field by field.
///
/// `digestFields` must list every stored property in declaration order (a test compares it with the type's
/// `Mirror` labels), so a new property either reaches the digest or is left out on purpose.
protocol DigestRecord: DigestCanonical {
    /// The stored properties with their canonical texts, in declaration order.
    var digestFields: [DigestField] { get }
}

extension DigestRecord {
    var digestCanonical: String { RegistryDigest.record(digestFields) }
}

// MARK: - Standard library values

extension String: DigestCanonical {
    /// The Swift string literal, as `String(reflecting:)` writes it.
    var digestCanonical: String { debugDescription }
}

extension Int: DigestCanonical {
    var digestCanonical: String { description }
}

extension Bool: DigestCanonical {
    var digestCanonical: String { description }
}

extension Double: DigestCanonical {
    var digestCanonical: String { description }
}

extension Optional: DigestCanonical where Wrapped: DigestCanonical {
    var digestCanonical: String { map(\.digestCanonical) ?? "nil" }
}

extension Array: DigestCanonical where Element: DigestCanonical {
    var digestCanonical: String { "[" + map(\.digestCanonical).joined(separator: ",") + "]" }
}

extension Dictionary: DigestCanonical where Key: DigestCanonical, Value: DigestCanonical {
    /// `key:value` entries sorted as text, so the order of insertion does not matter.
    var digestCanonical: String {
        "[" + map { "\($0.key.digestCanonical):\($0.value.digestCanonical)" }.sorted().joined(separator: ",") + "]"
    }
}

extension SourceLocation: DigestCanonical {
    /// Positions are never in the digest: moving a key must not make generated files stale.
    var digestCanonical: String { "_" }
}

// MARK: - The registry

extension Registry: DigestRecord {
    /// Only the fields the emitters read; `outputs` with its paths blanked (see `RegistryDigest.unreadByEmitters`).
    var digestFields: [DigestField] {
        [
            DigestField("version", version),
            DigestField("notificationTypes", notificationTypes),
            DigestField("badges", badges),
            DigestField("deepLinks", deepLinks),
            DigestField("payloads", payloads),
            DigestField("outputs", outputsInDigest),
            DigestField("enums", enums),
        ]
    }

    /// `outputs` with the paths blanked: where the files go is in no digest.
    private var outputsInDigest: OutputPaths {
        var outputs = self.outputs
        outputs.swift = ""
        outputs.typescript = ""
        outputs.sql = nil
        return outputs
    }
}

// `enums` is a later field (`RegistryDigest.laterFields`): a registry without shared enums keeps the digest (and the
// generated headers) it had before they existed.
extension SharedEnum: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("name", name),
            DigestField("swiftEnum", swiftEnum),
            DigestField("typescriptType", typescriptType),
            DigestField("typescriptConst", typescriptConst),
            DigestField("sql", sql),
            DigestField("fallback", fallback),
            DigestField("values", values.map(EnumValueDigest.init)),
            DigestField("retired", retired),
            DigestField("location", location),
            DigestField("generatesSwift", generatesSwift),
            DigestField("attributes", attributes),
        ]
    }
}

/// A value of an `enums:` entry as the digest renders it: its raw value and case, then what only some values have
/// (an icon, a scope, custom attributes), so an enum that has none of them keeps the digest it had before values
/// could have them. The notification enum's values render whole, as `SharedEnumValue` itself.
struct EnumValueDigest: DigestRecord {
    let value: SharedEnumValue

    var digestFields: [DigestField] {
        var fields = [DigestField("raw", value.raw), DigestField("swiftCase", value.swiftCase)]
        if let icon = value.icon { fields.append(DigestField("icon", icon)) }
        fields += [
            DigestField("scope", value.scope),
            DigestField("attributeValues", value.attributeValues),
            DigestField("location", value.location),
        ]
        return fields
    }
}

extension SharedEnumSQL: DigestRecord {
    var digestFields: [DigestField] { [DigestField("columns", columns), DigestField("enumType", enumType)] }
}

extension SQLColumn: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("schema", schema),
            DigestField("table", table),
            DigestField("column", column),
            DigestField("constraint", constraint),
            DigestField("location", location),
        ]
    }
}

// The notification enum renders through its view, under the shorthand's field names: a registry that loaded before
// the notification types became an enum of `enums:` keeps its digest, and so every generated file its header.
extension NotificationTypeSet: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("swiftEnum", swiftEnum),
            DigestField("typescriptConst", typescriptConst),
            DigestField("typescriptType", typescriptType),
            DigestField("payloadKey", payloadKey),
            DigestField("sql", sql),
            DigestField("fallback", fallback),
            DigestField("swiftProperties", swiftProperties),
            DigestField("attributes", attributes),
            DigestField("values", values),
            DigestField("retired", retired),
            DigestField("location", location),
            DigestField("generatesSwift", generatesSwift),
        ]
    }
}

extension SQLConstraintTarget: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("schema", schema),
            DigestField("table", table),
            DigestField("column", column),
            DigestField("constraint", constraint),
            DigestField("enumType", enumType),
            DigestField("location", location),
        ]
    }
}

extension SQLTypeName: DigestRecord {
    var digestFields: [DigestField] { [DigestField("schema", schema), DigestField("name", name)] }
}

extension AttributeProperties: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("icon", icon),
            DigestField("canBeDisabled", canBeDisabled),
            DigestField("preferenceKey", preferenceKey),
            DigestField("badge", badge),
        ]
    }
}

extension CustomAttribute: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("key", key),
            DigestField("swiftProperty", swiftProperty),
            DigestField("type", type),
            DigestField("location", location),
        ]
    }
}

extension AttributeType: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .string: return "string"
        case .bool: return "bool"
        case .int: return "int"
        }
    }
}

extension SharedEnumValue: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("raw", raw),
            DigestField("swiftCase", swiftCase),
            DigestField("icon", icon),
            DigestField("canBeDisabled", canBeDisabled),
            DigestField("preferenceKey", preferenceKey),
            DigestField("badge", badge),
            DigestField("deepLinks", deepLinks),
            DigestField("scope", scope),
            DigestField("attributeValues", attributeValues),
            DigestField("location", location),
        ]
    }
}

extension ValueScope: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .all: return "all"
        case .app: return "app"
        case .server: return "server"
        }
    }
}

extension AttributeValue: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .string(let text): return ".string(\(text.digestCanonical))"
        case .bool(let flag): return ".bool(\(flag.digestCanonical))"
        case .int(let number): return ".int(\(number.digestCanonical))"
        case .null: return "null"
        }
    }
}

extension RetiredValue: DigestRecord {
    var digestFields: [DigestField] { [DigestField("raw", raw), DigestField("location", location)] }
}

extension BadgeSet: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("swiftEnum", swiftEnum),
            DigestField("cases", cases),
            DigestField("location", location),
            DigestField("generatesSwift", generatesSwift),
        ]
    }
}

extension DeepLinkSet: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("swiftEnum", swiftEnum),
            DigestField("urlScheme", urlScheme),
            DigestField("linkKey", linkKey),
            DigestField("cases", cases),
            DigestField("location", location),
            DigestField("generatesSwift", generatesSwift),
        ]
    }
}

extension DeepLinkCase: DigestRecord {
    var digestFields: [DigestField] {
        [DigestField("name", name), DigestField("params", params), DigestField("location", location)]
    }
}

extension DeepLinkParam: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("name", name),
            DigestField("type", type),
            DigestField("payloadKey", payloadKey),
            DigestField("optional", optional),
            DigestField("location", location),
        ]
    }
}

extension ScalarType: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .uuid: return "uuid"
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .timestamp: return "timestamp"
        }
    }
}

extension PayloadShape: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("name", name),
            DigestField("typeName", typeName),
            DigestField("rpc", rpc),
            DigestField("fields", fields),
            DigestField("location", location),
            DigestField("generatesSwift", generatesSwift),
        ]
    }
}

extension PayloadField: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("key", key),
            DigestField("swiftName", swiftName),
            DigestField("type", type),
            DigestField("defaultValue", defaultValue),
            DigestField("optional", optional),
            DigestField("allowedValues", allowedValues),
            DigestField("location", location),
        ]
    }
}

extension FieldType: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .scalar(let scalar): return ".scalar(\(scalar.digestCanonical))"
        case .payload(let name): return ".payload(\(name.digestCanonical))"
        case .array(let element): return ".array(\(element.digestCanonical))"
        case .map(let element): return ".map(\(element.digestCanonical))"
        }
    }
}

extension DefaultValue: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .int(let number): return ".int(\(number.digestCanonical))"
        case .double(let number): return ".double(\(number.digestCanonical))"
        case .bool(let flag): return ".bool(\(flag.digestCanonical))"
        case .string(let text): return ".string(\(text.digestCanonical))"
        case .emptyArray: return "emptyArray"
        }
    }
}

extension OutputPaths: DigestRecord {
    var digestFields: [DigestField] {
        [
            DigestField("swift", swift),
            DigestField("typescript", typescript),
            DigestField("sql", sql),
            DigestField("swiftAccess", swiftAccess),
        ]
    }
}

extension SwiftAccess: DigestCanonical {
    var digestCanonical: String {
        switch self {
        case .public: return "public"
        case .internal: return "internal"
        }
    }
}
