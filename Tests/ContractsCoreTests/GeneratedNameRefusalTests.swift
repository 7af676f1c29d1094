import ContractsCore
import Foundation
import XCTest

/// Registry values that would make the generated code invalid are refused at their line and column:
/// non-finite defaults (`inf` is neither a Swift nor a TypeScript literal), names strict mode reserves
/// (`export const eval` does not parse in a module), and type names that shadow the standard types the
/// generated code uses (`enum String: String`). Look-alike names that are fine are decoys.
final class GeneratedNameRefusalTests: XCTestCase {
    private func load(_ text: String) throws -> Registry {
        try RegistryLoader.load(text: text, file: "registry.yaml")
    }

    private func replacing(_ old: String, _ new: String) -> String {
        precondition(BadRegistryTests.base.contains(old), old)
        return BadRegistryTests.base.replacingOccurrences(of: old, with: new)
    }

    /// The first error's `line:column message`.
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try load(text)
            XCTFail("expected a registry error", file: file, line: line)
            return nil
        } catch let errors as RegistryErrors {
            return errors.errors.first.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    private let doubleField = "total: { type: int, default: 0 }"

    func testNonFiniteDoubleDefaultsAreRefused() {
        for text in ["1e400", "-1e400", "inf", "-infinity", "nan"] {
            XCTAssertEqual(error(replacing(doubleField, "total: { type: double, default: \(text) }")),
                           "19:39 default of total '\(text)' is not a finite number", text)
        }
    }

    /// A field whose Swift name is `self` would be a parameter of the memberwise init that shadows the instance.
    func testAFieldNamedSelfIsRefusedAtItsKey() {
        for key in ["self", "self_"] {
            XCTAssertEqual(error(replacing(doubleField, "\(key): { type: int, default: 0 }")),
                           "19:7 field key '\(key)' would be the Swift property `self`, which the generated initializer cannot "
                               + "take as a parameter; choose another key", key)
        }
    }

    func testFieldsNamedLikeOtherKeywordsAreAccepted() throws {
        // Decoys: backticked, each compiles in the generated struct (init, default, super, type...).
        for key in ["self_id", "myself", "init", "default", "super", "type", "protocol", "in"] {
            let registry = try load(replacing(doubleField, "\(key): { type: int, default: 0 }"))
            XCTAssertEqual(registry.payloads.first?.fields.first?.key, key)
        }
    }

    /// `$`, `'` and a backtick fit a string (the generators escape them); a quote, a backslash or a line break is
    /// refused as what it is, not as a value that "does not fit its type".
    func testStringDefaultsSayWhatIsWrong() throws {
        for text in [#""it's $5 `now`""#, "'$HOME'", #""a'b""#] {
            let registry = try load(replacing(doubleField, "total: { type: string, default: \(text) }"))
            guard case .string(let value)? = registry.payloads.first?.fields.first?.defaultValue else { return XCTFail(text) }
            XCTAssertTrue(value.contains("$") || value.contains("'"), value)
        }
        for (text, what) in [(#""say \"hi\"""#, "a double quote"), (#""C:\\x""#, "a backslash"), (#""a\nb""#, "a line break")] {
            XCTAssertEqual(error(replacing(doubleField, "total: { type: string, default: \(text) }")),
                           "19:39 default of total holds \(what), which a payload default may not hold", text)
        }
    }

    func testFiniteDoubleDefaultsAreAccepted() throws {
        for text in ["1e300", "-0.5", "0", "1.7976931348623157e308"] {
            let registry = try load(replacing(doubleField, "total: { type: double, default: \(text) }"))
            XCTAssertEqual(registry.payloads.first?.fields.first?.defaultValue, .double(Double(text)!), text)
        }
    }

    func testStrictModeReservedConstNamesAreRefused() {
        for name in ["eval", "arguments"] {
            XCTAssertEqual(error(replacing("  swift_enum: Kind\n", "  swift_enum: Kind\n  typescript_const: \(name)\n")),
                           "4:21 notification_types.typescript_const '\(name)' is reserved in TypeScript modules (strict mode); choose another name")
        }
        XCTAssertEqual(error(replacing("  swift_enum: Kind\n", "  swift_enum: Kind\n  typescript_type: Record\n")),
                       "4:20 notification_types.typescript_type 'Record' would shadow the TypeScript global the generated code uses; choose another name")
    }

    func testTypeNamesThatShadowStandardSwiftTypesAreRefused() {
        for name in ["String", "Int", "Double", "Bool", "Codable", "UUID", "URL", "Decoder"] {
            XCTAssertEqual(error(replacing("swift_enum: Kind", "swift_enum: \(name)")),
                           "3:15 notification_types.swift_enum '\(name)' would shadow the Swift standard type the generated code uses; choose another name")
        }
        XCTAssertEqual(error(replacing("    - name: inbox\n", "    - name: inbox\n  swift_enum: Set\n")),
                       "16:15 deep_links.swift_enum 'Set' would shadow the Swift standard type the generated code uses; choose another name")
        XCTAssertEqual(error(replacing("  Counts:\n", "  Date:\n")),
                       "17:3 payload name 'Date' would shadow the Swift standard type the generated code uses; rename it or give it a type_name")
        XCTAssertEqual(error(replacing("  Counts:\n", "  eval:\n")),
                       "17:3 payload name 'eval' is reserved in TypeScript modules (strict mode); rename it or give it a type_name")
    }

    func testLookAlikeNamesAreAccepted() throws {
        XCTAssertNoThrow(try load(replacing("swift_enum: Kind", "swift_enum: StringKind")))
        XCTAssertNoThrow(try load(replacing("swift_enum: Kind", "swift_enum: Strings")))
        XCTAssertNoThrow(try load(replacing("  swift_enum: Kind\n", "  swift_enum: Kind\n  typescript_const: EVAL\n")))
        XCTAssertNoThrow(try load(replacing("  swift_enum: Kind\n", "  swift_enum: Kind\n  typescript_const: evaluation\n")))
        // A payload named like a standard type is fine once its generated type has another name.
        let renamed = try load(replacing("  Counts:\n    fields:\n", "  Date:\n    type_name: DateCounts\n    fields:\n"))
        XCTAssertEqual(renamed.payloads.first?.typeName, "DateCounts")
    }
}
