@testable import ContractsCore
import Foundation
import XCTest

/// registry.schema.json is the one source of the registry's shape. The two lists of its keys that cannot be derived
/// from it, the decoder's allowed keys (`RegistryKeys`) and the digest's fields (`DigestCanonical`), are compared
/// with the schema's objects (their `properties`, each `additionalProperties: false`); a difference prints the
/// line to change.
final class RegistryShapeTests: XCTestCase {
    private static func schema() throws -> [String: Any] {
        let url = RegistryFixtures.repoRoot.appendingPathComponent("registry.schema.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The object at a JSON pointer (`/properties/badges`; `` is the root).
    private static func object(_ schema: [String: Any], at pointer: String) -> [String: Any]? {
        var node: Any = schema
        for part in pointer.split(separator: "/") {
            if let object = node as? [String: Any], let next = object[String(part)] {
                node = next
            } else if let array = node as? [Any], let index = Int(part), array.indices.contains(index) {
                node = array[index]
            } else {
                return nil
            }
        }
        return node as? [String: Any]
    }

    /// Every object of the schema that declares `properties`, by JSON pointer.
    private static func objectsWithProperties(_ schema: [String: Any]) -> [String] {
        var found: [String] = []
        func visit(_ node: Any, _ pointer: String) {
            if let object = node as? [String: Any] {
                if object["properties"] is [String: Any] { found.append(pointer) }
                for (key, value) in object { visit(value, pointer + "/" + key) }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { visit(value, pointer + "/\(index)") }
            }
        }
        visit(schema, "")
        return found.sorted()
    }

    private static func keys(_ object: [String: Any]?) -> Set<String> {
        Set((object?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    // MARK: - The decoder's allowed keys

    func testTheDecodersKeysAreTheSchemasProperties() throws {
        let schema = try Self.schema()
        for list in RegistryKeys.schemaObjects {
            for pointer in list.pointers {
                let object = try XCTUnwrap(Self.object(schema, at: pointer), "registry.schema.json has no object at \(pointer)")
                XCTAssertEqual(object["additionalProperties"] as? Bool, false,
                               "registry.schema.json at \(pointer): give it \"additionalProperties\": false, as the decoder rejects unknown keys")
                let declared = Self.keys(object)
                guard declared != Set(list.keys) else { continue }
                let fixed = list.keys.filter(declared.contains) + declared.subtracting(list.keys).sorted()
                XCTFail("""
                    RegistryKeys.\(list.name) differs from registry.schema.json at \(pointer) \
                    (only in the schema: \(declared.subtracting(list.keys).sorted()); \
                    only in the decoder: \(Set(list.keys).subtracting(declared).sorted())).
                    The schema is the source: paste into Sources/ContractsCore/Registry/RegistryKeys.swift (and decode \
                    a new key), or change the schema if it is the one that is wrong:
                        static let \(list.name) = [\(fixed.map { "\"\($0)\"" }.joined(separator: ", "))]
                    """)
            }
        }
    }

    /// A new object in the schema (a new section or a new nested mapping) gets its decoder list, named here.
    func testEverySchemaObjectHasADecoderList() throws {
        let schema = try Self.schema()
        let covered = Set(RegistryKeys.schemaObjects.flatMap(\.pointers))
        for pointer in Self.objectsWithProperties(schema) where !covered.contains(pointer) {
            XCTFail("""
                registry.schema.json declares an object at \(pointer) with keys \(Self.keys(Self.object(schema, at: pointer)).sorted()) \
                that no decoder list names: add its list to RegistryKeys (Sources/ContractsCore/Registry/RegistryKeys.swift), \
                with a `schemaObjects` entry ("name", name, ["\(pointer)"]), and decode it with `allowed: RegistryKeys.name`
                """)
        }
    }

    // MARK: - The digest's fields

    /// Each struct the digest renders, the schema object it is read from, the schema keys its properties are named
    /// differently from (snake_case keys otherwise become camelCase labels), and its properties that hold no key of
    /// that object (a name taken from a map key, a position, a split value, custom attributes).
    private static let digestObjects: [(type: String, pointer: String, renamed: [String: String], notKeys: Set<String>)] = [
        ("Registry", "", ["rules": "ruleSeverities", "notifications": "notificationTypes"], []),
        ("NotificationTypeSet", "/properties/notification_types", ["generate": "generatesSwift"], ["location"]),
        ("SQLConstraintTarget", "/properties/notification_types/properties/sql", [:], ["schema", "location"]),
        ("SQLTypeName", "/properties/notification_types/properties/sql/properties/enum_type", [:], ["schema", "name"]),
        ("RetiredValue", "/properties/notification_types/properties/retired/items", [:], ["raw", "location"]),
        ("AttributeProperties", "/properties/notification_types/properties/swift_properties", [:], []),
        ("CustomAttribute", "/properties/notification_types/properties/attributes/additionalProperties/oneOf/1",
         ["swift": "swiftProperty"], ["key", "location"]),
        ("SharedEnumValue", "/properties/notification_types/properties/values/items",
         ["case": "swiftCase", "deep_link": "deepLinks"], ["attributeValues", "location"]),
        ("BadgeSet", "/properties/badges", ["generate": "generatesSwift"], ["location"]),
        ("DeepLinkSet", "/properties/deep_links", ["generate": "generatesSwift"], ["location"]),
        ("DeepLinkCase", "/properties/deep_links/properties/cases/items", [:], ["location"]),
        ("DeepLinkParam", "/properties/deep_links/properties/cases/items/properties/params/items", [:], ["location"]),
        ("PayloadShape", "/properties/payloads/additionalProperties", ["generate": "generatesSwift"], ["name", "location"]),
        ("PayloadField", "/properties/payloads/additionalProperties/properties/fields/additionalProperties/oneOf/1",
         ["default": "defaultValue", "enum": "allowedValues"], ["key", "location"]),
        ("OutputPaths", "/properties/outputs", [:], []),
        ("SharedEnum", "/properties/enums/additionalProperties", ["generate": "generatesSwift"], ["name", "location"]),
        ("SharedEnumSQL", "/properties/enums/additionalProperties/properties/sql/oneOf/2", [:], ["columns"]),
        ("SQLColumn", "/properties/enums/additionalProperties/properties/sql/oneOf/0", [:], ["schema", "location"]),
        ("SharedEnumValue", "/properties/enums/additionalProperties/properties/values/items/oneOf/1",
         ["case": "swiftCase", "deep_link": "deepLinks"], ["attributeValues", "location"]),
    ]

    private static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Every key of a schema object the digest's struct is read from has a place in its `digestFields` (or, for
    /// `Registry`, is named in `unreadByEmitters` or `outsideDigest`), and every field is a key of that object or
    /// named as none. `RegistryDigestTests` compares the same fields with the structs' stored properties.
    func testTheDigestsFieldsAreTheSchemasProperties() throws {
        let schema = try Self.schema()
        let labels = Self.digestLabels()
        XCTAssertEqual(Set(labels.keys), Set(Self.digestObjects.map(\.type)), "a struct the digest renders has no schema object here")
        for entry in Self.digestObjects {
            let object = try XCTUnwrap(Self.object(schema, at: entry.pointer), "registry.schema.json has no object at \(entry.pointer)")
            let fields = labels[entry.type] ?? []
            let placed = Set(fields).union(entry.type == "Registry" ? RegistryDigest.unreadByEmitters.union(RegistryDigest.outsideDigest) : [])
            for key in Self.keys(object).sorted() {
                let label = entry.renamed[key] ?? Self.camelCase(key)
                XCTAssertTrue(placed.contains(label), """
                    registry.schema.json's key '\(key)' (at \(entry.pointer)) has no place in \(entry.type)'s digest: add \
                    its stored property '\(label)' to the model and, in declaration order, to \(entry.type).digestFields \
                    (Sources/ContractsCore/Digest/DigestCanonical.swift):
                                DigestField("\(label)", \(label)),
                    \(entry.type == "Registry" ? "or, when the emitters do not read it, name it in RegistryDigest.unreadByEmitters" : "")
                    """)
            }
            let fromKeys = Set(Self.keys(object).map { entry.renamed[$0] ?? Self.camelCase($0) })
            for label in fields where !fromKeys.contains(label) && !entry.notKeys.contains(label) {
                XCTFail("""
                    \(entry.type).digestFields renders '\(label)', which is no key of registry.schema.json at \(entry.pointer): \
                    declare the key in the schema, or, when the property holds no key, add "\(label)" to its `notKeys` \
                    in RegistryShapeTests.digestObjects
                    """)
            }
        }
    }

    /// The `digestFields` labels of every struct the digest renders, found in a registry with every field set.
    private static func digestLabels() -> [String: [String]] {
        let registry = RegistryDigestTests.everything()
        var labels: [String: [String]] = ["Registry": registry.digestFields.map(\.label)]
        func visit(_ value: Any) {
            if value is SourceLocation || value is String { return }
            if let record = value as? any DigestRecord, Mirror(reflecting: value).displayStyle == .struct {
                labels[String(describing: type(of: value))] = record.digestFields.map(\.label)
            }
            // The notification enum's view renders fields it computes from the enum (its one column as a target).
            if let view = value as? NotificationTypeSet {
                visit(view.sql)
                visit(view.swiftProperties)
            }
            for child in Mirror(reflecting: value).children { visit(child.value) }
        }
        // The one list of enums and the contract render as the notification enum's view and the other enums.
        let rendered = Mirror(reflecting: registry).children.map { ($0.label ?? "", $0.value) }
            + [("notificationTypes", registry.notificationTypes as Any), ("enums", registry.enums as Any)]
        for (label, value) in rendered where registry.digestFields.contains(where: { $0.label == label }) {
            visit(value)
        }
        return labels
    }
}
