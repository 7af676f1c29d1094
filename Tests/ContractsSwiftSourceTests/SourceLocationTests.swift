import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import ContractsTestSupport
import SwiftParser
import SwiftSyntax
import XCTest

/// A file's locations come from a table of line starts, not from swift-syntax's `SourceLocationConverter` (whose
/// walk of every token cost more than the name reader's own work); both must give every token the same line and column.
final class SourceLocationTests: XCTestCase {
    func testEveryTokenOfEveryFixtureSwiftFileIsWhereTheConverterPutsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.path.contains("/Fixtures/") }
        XCTAssertGreaterThan(files.count, 50, "the fixture apps' Swift files")
        for url in files {
            try assertSameLocations(String(decoding: try Data(contentsOf: url), as: UTF8.self), url.lastPathComponent)
        }
    }

    func testLineEndingsMultiLineLiteralsAndNonASCIIText() throws {
        try assertSameLocations("let a = 1\r\nlet b = 2\rlet c = 3\n\n\r\n\rlet d = \"é✓ שלום\"; let e = 4\n", "endings")
        try assertSameLocations("\u{FEFF}let s = \"\"\"\n    one\r\n    two \\\n    three\n    \"\"\"\nlet t = 1", "bom")
        try assertSameLocations("/* a\r\n b\r c */ let x = #\"\"\"\n  \\#(1)\r\n  \"\"\"#\n// last\r", "raw")
        try assertSameLocations("", "empty")
    }

    func testASeededRandomTextOfLinesAndEndings() throws {
        var random = SeededRandom(seed: 44)
        let pieces = ["let a = 1", "\n", "\r\n", "\r", " ", "\"x\"", "\"\"\"\nq\n\"\"\"", "// c", "/* c\r\n */", "é", "\t", "f(b, c)"]
        for round in 0 ..< 40 {
            let text = (0 ..< 60).map { _ in pieces[Int.random(in: 0 ..< pieces.count, using: &random)] }.joined()
            try assertSameLocations(text, "random \(round)")
        }
    }

    private func assertSameLocations(_ text: String, _ name: String, line: UInt = #line) throws {
        let file = ParsedSwiftFile(path: name, text: text)
        let converter = SourceLocationConverter(fileName: name, tree: file.syntax)
        for token in file.syntax.tokens(viewMode: .sourceAccurate) {
            let expected = token.startLocation(converter: converter)
            let got = file.location(of: token)
            XCTAssertEqual([got.line, got.column], [expected.line, expected.column], "\(name): \(token.text)", line: line)
        }
    }
}

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, as the readers apply it to keys.
final class SnakeCaseConversionTests: XCTestCase {
    func testKeysConvertAsJSONDecoderConvertsThem() {
        let cases = [
            "user_id": "userId", "plain": "plain", "_private_key_": "_privateKey_", "ALL_CAPS": "allCaps", "a__b": "aB",
            "__": "__", "x_1": "x1", "created_at_utc": "createdAtUtc", "mixed_Case_KEY": "mixedCaseKey", "_lead": "_lead",
            "trail_": "trail_", "é_b": "éB", "ça_va": "çaVa", "user_ÉTAT": "userÉtat", "": "",
        ]
        for (key, expected) in cases { XCTAssertEqual(RPCDecode.convertFromSnakeCase(key), expected, key) }
    }

    /// The byte path for ASCII keys gives what the character path gives. (Not compared with this machine's
    /// `JSONDecoder`: Linux's Foundation capitalizes a letter after a digit, `b_9a` → `b9A`, where Apple's, which
    /// the app runs on, gives `b9a`.)
    func testTheBytePathAgreesWithTheCharacterPathOnSeededRandomKeys() {
        var random = SeededRandom(seed: 42)
        let alphabet = Array("ab_Z_9_Q")
        for _ in 0 ..< 500 {
            let key = String((0 ..< Int.random(in: 1 ..< 10, using: &random)).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count, using: &random)] })
            XCTAssertEqual(RPCDecode.asciiFromSnakeCase(Array(key.utf8)) ?? key, RPCDecode.unicodeFromSnakeCase(key), key)
        }
    }
}
