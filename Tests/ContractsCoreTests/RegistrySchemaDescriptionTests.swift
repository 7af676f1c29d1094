import Foundation
import XCTest

/// registry.schema.json is what an editor shows while a registry is written: every property says what it is
/// for, and the schema names itself with an absolute `$id`.
final class RegistrySchemaDescriptionTests: XCTestCase {
    private func schema() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("registry.schema.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `path` of every property (under any `properties`, however deep: items, oneOf, additionalProperties)
    /// that has no non-empty `description`, and how many properties there are.
    private func undescribed(_ node: Any, _ path: String, _ count: inout Int) -> [String] {
        if let list = node as? [Any] {
            return list.enumerated().flatMap { undescribed($1, "\(path)/\($0)", &count) }
        }
        guard let object = node as? [String: Any] else { return [] }
        var out: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            if key == "properties", let properties = value as? [String: Any] {
                for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                    count += 1
                    let text = (property as? [String: Any])?["description"] as? String ?? ""
                    if text.trimmingCharacters(in: .whitespaces).isEmpty { out.append("\(path)/properties/\(name)") }
                    out += undescribed(property, "\(path)/properties/\(name)", &count)
                }
            } else {
                out += undescribed(value, "\(path)/\(key)", &count)
            }
        }
        return out
    }

    func testEveryPropertyHasADescription() throws {
        var count = 0
        XCTAssertEqual(undescribed(try schema(), "", &count), [])
        XCTAssertGreaterThan(count, 80, "the walk found too few properties to be walking the schema")
        // The walk catches a missing one (a decoy schema).
        var decoyCount = 0
        let decoy: [String: Any] = ["properties": ["a": ["description": "A."], "b": ["items": ["properties": ["c": [:]]]]]]
        XCTAssertEqual(undescribed(decoy, "", &decoyCount), ["/properties/b", "/properties/b/items/properties/c"])
    }

    func testTheSchemaHasAnAbsoluteID() throws {
        let id = try XCTUnwrap(try schema()["$id"] as? String)
        XCTAssertTrue(id.hasPrefix("https://") && id.hasSuffix("/registry.schema.json"), id)
    }
}
