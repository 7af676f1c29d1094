import ContractsCore
import XCTest
@testable import ContractsGenerate

/// Bidirectional controls (Trojan Source) and every other hidden character in a registry string reach the
/// generated Swift and TypeScript escaped, never raw, the same set in both emitters.
final class HiddenCharacterEscapeTests: XCTestCase {
    /// Every bidi control, the line separators, DEL, a C1 control and a C0 control.
    private let hidden: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}", "\u{7F}", "\u{85}", "\u{9B}", "\u{1B}",
    ]

    func testEveryHiddenScalarIsEscapedInSwiftAndTypeScriptLiterals() {
        for scalar in hidden {
            let text = "admin\(Character(scalar))user"
            let swift = SwiftSpelling.stringLiteral(text)
            let typescript = TypeScriptSyntax.string(text)
            let hex = String(scalar.value, radix: 16)
            XCTAssertEqual(swift, "\"admin\\u{\(hex.uppercased())}user\"", "U+\(hex)")
            XCTAssertEqual(typescript, "\"admin\\u\(String(repeating: "0", count: 4 - hex.count) + hex)user\"", "U+\(hex)")
        }
    }

    func testVisibleTextIsLeftAsItIs() {
        // Decoys: accents, right-to-left letters themselves (not controls), emoji and a zero-width joiner in one.
        for text in ["café", "שלום", "مرحبا", "👩‍💻", "a\u{00A0}b"] {
            XCTAssertEqual(SwiftSpelling.stringLiteral(text), "\"\(text)\"")
            XCTAssertEqual(TypeScriptSyntax.string(text), "\"\(text)\"")
        }
    }

    func testARegistryDefaultWithAnOverrideIsEscapedInBothGeneratedLanguages() throws {
        let registry = try RegistryLoader.load(text: """
            version: 1
            notification_types:
              swift_enum: Kind
              sql: { table: notes, column: kind, constraint: notes_kind_check }
              values:
                - raw: ping
            payloads:
              Note:
                type_name: Note
                fields:
                  access: { type: string, default: "user\\u202E \\u2066// admin\\u2069\\u2066" }
            outputs: { swift: out/swift, typescript: out/ts }

            """, file: "registry.yaml")
        let generated = SwiftEmitter.emit(registry, digest: "d1") + TypeScriptEmitter.emit(registry, digest: "d1")
        let all = generated.map(\.contents).joined()
        XCTAssertFalse(all.unicodeScalars.contains(where: HiddenScalars.isBidiControl), "a bidi control was written raw")
        let swift = generated.filter { $0.path.hasSuffix(".swift") }.map(\.contents).joined()
        let typescript = generated.filter { $0.path.hasSuffix(".ts") }.map(\.contents).joined()
        XCTAssertTrue(swift.contains(#""user\u{202E} \u{2066}// admin\u{2069}\u{2066}""#), swift)
        XCTAssertTrue(typescript.contains(#""user\u202e \u2066// admin\u2069\u2066""#), typescript)
    }

    /// `$`, `'` and a backtick in a string default: plain text in both generated literals (never an interpolation).
    func testADefaultWithDollarQuoteAndBacktickIsWrittenAsText() throws {
        let registry = try RegistryLoader.load(text: """
            version: 1
            notification_types:
              swift_enum: Kind
              sql: { table: notes, column: kind, constraint: notes_kind_check }
              values:
                - raw: ping
            payloads:
              Note:
                type_name: Note
                fields:
                  text: { type: string, default: "it's ${x} `now` $5" }
            outputs: { swift: out/swift, typescript: out/ts }

            """, file: "registry.yaml")
        let generated = SwiftEmitter.emit(registry, digest: "d1") + TypeScriptEmitter.emit(registry, digest: "d1")
        let swift = generated.filter { $0.path.hasSuffix(".swift") }.map(\.contents).joined()
        let typescript = generated.filter { $0.path.hasSuffix(".ts") }.map(\.contents).joined()
        XCTAssertTrue(swift.contains(#"?? "it's ${x} `now` $5""#), swift)
        XCTAssertTrue(typescript.contains(#""it's ${x} `now` $5""#), typescript)
        XCTAssertFalse(typescript.contains("`it's"), typescript)
    }
}
