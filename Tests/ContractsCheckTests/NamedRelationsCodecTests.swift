@testable import ContractsCheck
import ContractsCore
import XCTest

/// What one file names of the schema is kept in the check cache as one string (`SchemaNamesCheck.NamedRelations`):
/// what comes back must be what went in, and a damaged entry must read as no entry.
final class NamedRelationsCodecTests: XCTestCase {
    typealias Named = SchemaNamesCheck.NamedRelations

    func testValuesComeBackAsTheyWere() throws {
        let values = [
            Named(relations: [], uses: false, typeNames: []),
            Named(relations: [], uses: true, typeNames: []),
            Named(relations: [ProjectSchema.Name(schema: "public", "deals"), ProjectSchema.Name(schema: "analytics", "events")],
                  uses: true, typeNames: ["NewBooking", "RatingDraft"]),
            Named(relations: [ProjectSchema.Name(schema: "", ""), ProjectSchema.Name(schema: "r1:", "t2:x"),
                              ProjectSchema.Name(schema: "schéma", "名前 table"), ProjectSchema.Name(schema: "p", "a\nb\u{0}c")],
                  uses: true, typeNames: ["", "r", "t", "10:x", "Ünïcode"]),
        ]
        for value in values {
            XCTAssertEqual(Named(encoded: value.encoded), value, value.encoded)
            let json = try JSONEncoder().encode(value)
            XCTAssertEqual(try JSONDecoder().decode(Named.self, from: json), value)
        }
    }

    func testDamagedEntriesAreNone() {
        for damaged in ["", "x", "U", "ur", "ur1:a", "ur1:a2:b", "ur2:ab1", "ut", "ut3:ab", "uq1:a", "ur-1:a1:b", "ur1a1:b",
                        "ur9999999999:a1:b", "nr1:a1:bX"] {
            XCTAssertNil(Named(encoded: damaged), damaged)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(Named.self, from: Data("\"ur1:a\"".utf8)))
    }
}
