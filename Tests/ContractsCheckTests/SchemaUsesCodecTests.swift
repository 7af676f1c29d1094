@testable import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource
import ContractsTestSupport
import Foundation
import XCTest

/// The names a file uses are kept in the check cache as one compact string (`SchemaUsesCodec`); what comes back
/// must be what went in, for every file of every fixture app, and a damaged entry must read as no entry.
final class SchemaUsesCodecTests: XCTestCase {
    func testEveryFixtureFilesUsesComeBackAsTheyWere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
        var queries = 0
        for url in files where ["swift", "ts"].contains(url.pathExtension) {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let path = String(url.path.dropFirst(root.path.count + 1))
            let uses = url.pathExtension == "swift" ? SchemaUseReader.uses(path: path, text: text) : TSSchemaUseReader.uses(path: path, text: text)
            queries += uses.queries.count + uses.rpcs.count
            XCTAssertEqual(try roundTrip(uses), uses, path)
        }
        XCTAssertGreaterThan(queries, 100, "the fixtures' queries and calls")
    }

    func testEveryFieldEveryOptionalAndAwkwardText() throws {
        let a = SourceLocation(file: "App/Café Services/Ride:Service.swift", line: 12, column: 7)
        let b = SourceLocation(file: "supabase/functions/x/index.ts", line: 1, column: 1)
        let deep = SchemaUse.Embed(name: "users", hint: nil, location: b, hintLocation: nil, columns: [], embeds: [])
        let embed = SchemaUse.Embed(name: "driver", hint: "rides_driver_id_fkey", location: a, hintLocation: b,
                                    columns: [.init(name: "名前", role: .selected, location: a)], embeds: [deep])
        let use = SchemaUse(schema: "private", relation: "3:rides", location: a,
                            columns: [.init(name: "", role: .filtered, location: b), .init(name: "a:b", role: .conflict, location: a)],
                            embeds: [embed], selectedKeys: ["id", "12:x"], selectsAll: true,
                            write: .init(kind: .upsert, keys: nil, location: b),
                            decode: .init(typeName: "Row", match: .fromSnakeCase, fields: [.init(key: "user_id", property: "userId", location: a)]))
        let bare = SchemaUse(relation: "t", location: b, write: .init(kind: .insert, keys: [], location: a))
        let typed = SchemaUse(relation: "t", location: b, write: .init(kind: .update, keys: nil, location: a, typeName: "New:Row"))
        let uses = SchemaUses(queries: [use, bare, typed], rpcs: [
            RPCUse(name: "f", location: a, arguments: ["p_b": b, "p_a": a]), RPCUse(schema: "s", name: "g", location: b, arguments: nil),
            RPCUse(name: "h", location: a, arguments: [:]),
        ])
        XCTAssertEqual(try roundTrip(uses), uses)
        XCTAssertEqual(try roundTrip(SchemaUses()), SchemaUses())
    }

    func testADamagedEntryDoesNotDecode() throws {
        let use = SchemaUse(relation: "rides", location: SourceLocation(file: "A.swift", line: 1, column: 2),
                            columns: [.init(name: "status", role: .selected, location: SourceLocation(file: "A.swift", line: 1, column: 9))])
        let text = SchemaUsesCodec.encode(SchemaUses(queries: [use]))
        XCTAssertNotNil(SchemaUsesCodec.decode(text))
        for cut in [1, text.utf8.count / 2, text.utf8.count - 1] {
            XCTAssertNil(SchemaUsesCodec.decode(String(decoding: Array(text.utf8).prefix(cut), as: UTF8.self)), "cut at \(cut)")
        }
        XCTAssertNil(SchemaUsesCodec.decode(text + "1:x"), "trailing bytes")
        XCTAssertNil(SchemaUsesCodec.decode(text.replacingOccurrences(of: "8:selected", with: "8:Selected")), "an unknown role")
        XCTAssertNil(SchemaUsesCodec.decode("u1" + text), "no length")
        XCTAssertNil(SchemaUsesCodec.decode("99999999999999999999:x"), "a length past the end")
        XCTAssertThrowsError(try JSONDecoder().decode(SchemaUses.self, from: Data("{\"queries\":[]}".utf8)), "the old nested form is no entry")
    }

    /// Numbers are read from the entry's bytes as `Int(_:)` reads their text, on awkward and random texts.
    func testNumbersReadAsIntReadsThem() {
        var texts = ["0", "7", "-0", "+5", "-12", "+", "-", "", "1x", "x1", " 1", "1 ", "--1", "+-1", "٣", "１",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "00012", "99999999999999999999"]
        var random = SeededRandom("SchemaUsesCodecTests.numbers")
        let characters = Array("0123456789+-x ")
        for _ in 0 ..< 2_000 {
            texts.append(String((0 ..< Int.random(in: 0 ... 21, using: &random)).map { _ in characters.randomElement(using: &random)! }))
        }
        for text in texts {
            var text = text
            let read = text.withUTF8 { SchemaUsesCodec.integer($0) }
            XCTAssertEqual(read, Int(text), text)
        }
    }

    private func roundTrip(_ uses: SchemaUses) throws -> SchemaUses {
        try JSONDecoder().decode(SchemaUses.self, from: try JSONEncoder().encode(uses))
    }
}
