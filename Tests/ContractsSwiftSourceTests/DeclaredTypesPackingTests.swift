@testable import ContractsSwiftSource
import Foundation
import SwiftParser
import XCTest

/// A file's declared types go into the check cache as one packed string (`DeclaredTypes.packed`): every Swift
/// file of the tests' fixtures comes back from it, and from its JSON, with the same tables; a cut or altered
/// string is refused rather than read as other tables.
final class DeclaredTypesPackingTests: XCTestCase {
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func assertSame(_ a: DeclaredTypes?, _ b: DeclaredTypes, _ message: String) {
        XCTAssertEqual(a?.names, b.names, message)
        XCTAssertEqual(a?.members, b.members, message)
        XCTAssertEqual(a?.encoded, b.encoded, message)
        XCTAssertEqual(a?.appUserInfoKeys, b.appUserInfoKeys, message)
        XCTAssertEqual(a?.fingerprint, b.fingerprint, message)
    }

    func testEveryFixtureFilesTablesComeBack() throws {
        let walker = FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil)!
        let files = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.path.contains("Fixtures") }
        XCTAssertGreaterThan(files.count, 20)
        let extra = """
            struct Empty: Encodable {}
            struct Row: Codable { let id: Int; let kind: String?
              enum CodingKeys: String, CodingKey { case id, kind = "type:\\n5:x" } }
            func post(_ content: UNMutableNotificationContent, ride: Ride?) { content.userInfo = ["ride_id": 1, "é 1:": 2] }
            """
        var seen = (names: 0, members: 0, encoded: 0, emptyEncoded: 0, userInfo: 0)
        for text in try files.map({ try String(contentsOf: $0, encoding: .utf8) }) + [extra] {
            let tables = DeclaredTypes(Parser.parse(source: text))
            let name = String(text.prefix(60))
            assertSame(DeclaredTypes(packed: tables.packed), tables, name)
            let json = try JSONEncoder().encode(tables)
            assertSame(try JSONDecoder().decode(DeclaredTypes.self, from: json), tables, name)
            seen.names += tables.names.count
            seen.members += tables.members.count
            seen.encoded += tables.encoded.types.count
            seen.emptyEncoded += tables.encoded.types.values.filter(\.isEmpty).count
            seen.userInfo += tables.appUserInfoKeys.count
        }
        // Each record of the layout is exercised, or this test proves less than it says.
        XCTAssertGreaterThan(seen.names, 0)
        XCTAssertGreaterThan(seen.members, 0)
        XCTAssertGreaterThan(seen.encoded, 0)
        XCTAssertGreaterThan(seen.emptyEncoded, 0)
        XCTAssertGreaterThan(seen.userInfo, 0)
    }

    func testACutOrAlteredStringIsRefused() {
        let tables = DeclaredTypes(Parser.parse(source: """
            struct Item: Codable { let kind: NotificationType; let id: Int }
            func f(_ item: Item?, kind: NotificationType) {}
            """))
        let packed = Array(tables.packed.utf8)
        XCTAssertNotNil(DeclaredTypes(packed: tables.packed))
        for length in 0 ..< packed.count {
            XCTAssertNil(DeclaredTypes(packed: String(decoding: packed[..<length], as: UTF8.self)), "\(length)")
        }
        XCTAssertNil(DeclaredTypes(packed: tables.packed + "x"))
        XCTAssertNil(DeclaredTypes(packed: tables.packed + "."))
        XCTAssertNil(DeclaredTypes(packed: "n99:kind1:."))
        XCTAssertNil(DeclaredTypes(packed: "n4:kind999999999999999999999:."))
        XCTAssertNotNil(DeclaredTypes(packed: "."), "no tables")
    }
}
