@testable import ContractsSQL
import Foundation
import XCTest

/// The parse tree decoder reads libpg_query's JSON exactly as Foundation's `JSONSerialization` does, on every
/// SQL fixture of the test suite and on the escapes PostgreSQL's strings can hold.
final class PgJSONDecoderTests: XCTestCase {
    /// The reference: Foundation's parser, converted the way the tree used to be built.
    private func reference(_ json: String) -> PgNode? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else { return nil }
        return convert(object)
    }

    private func convert(_ json: Any) -> PgNode {
        switch json {
        case let dict as [String: Any]: return .object(PgFields(dict.map { ($0.key, convert($0.value)) }))
        case let list as [Any]: return .array(list.map(convert))
        case let text as String: return .string(text)
        case let number as NSNumber: return .number(number.intValue)
        default: return .null
        }
    }

    func testEveryFixtureMigrationDecodesAsFoundationDecodesIt() throws {
        let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(at: testsRoot, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "sql" }
        XCTAssertGreaterThan(files.count, 50)
        var trees = 0
        for file in files {
            let (tree, plpgsql) = PgQuery.json(String(decoding: try Data(contentsOf: file), as: UTF8.self))
            for json in [tree, plpgsql].compactMap({ $0 }) {
                let decoded = PgNode.decode(json)
                XCTAssertNotNil(decoded, file.lastPathComponent)
                XCTAssertEqual(decoded, reference(json), file.lastPathComponent)
                trees += 1
            }
        }
        XCTAssertGreaterThan(trees, 60)
    }

    func testStringEscapesAndNonASCIIText() throws {
        let sql = #"""
            SELECT 'tab	"quoted" back\slash', E'line\nbreak', 'ünïcødé 🚗', U&'\0041\+01F697', '';
            DO $$ BEGIN RAISE NOTICE 'a "b" \ c'; END $$;
            """#
        let (tree, plpgsql) = PgQuery.json(sql)
        for json in [try XCTUnwrap(tree), try XCTUnwrap(plpgsql)] {
            XCTAssertEqual(PgNode.decode(json), reference(json))
        }
        XCTAssertTrue(try XCTUnwrap(tree).contains("\\\""), "the fixture must exercise escapes")
    }

    func testHandWrittenJSON() {
        let cases = [
            #"{"a": [1, -2, 3.7, true, false, null], "b": {"c": "x\u00e9\ud83d\ude97\n\t\/"}}"#,
            #"{"z": 1, "a": 2, "m": {}}"#,
            #"[]"#, #""""#, #"12"#,
        ]
        for json in cases {
            XCTAssertEqual(PgNode.decode(json), reference(json), json)
        }
        XCTAssertEqual(PgNode.decode(#"{"b": 1, "a": 2}"#)?.forEachTaggedKeys, ["a", "b"], "fields in one sorted order")
        for broken in [#"{"a": }"#, #"{"a" 1}"#, #"[1, 2"#, #""abc"#, #"{"a": 1} x"#, #"tru"#, ""] {
            XCTAssertNil(PgNode.decode(broken), broken)
            XCTAssertNil(reference(broken), "the reference agrees that \(broken) is broken")
        }
    }
}

private extension PgNode {
    var forEachTaggedKeys: [String] {
        if case .object(let fields) = self { return fields.keys }
        return []
    }
}
