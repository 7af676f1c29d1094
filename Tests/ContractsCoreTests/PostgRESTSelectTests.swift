import ContractsCore
import XCTest

final class PostgRESTSelectTests: XCTestCase {
    private func names(_ s: PostgRESTSelect.Selection) -> [String] { s.columns.map(\.name) }

    func testColumnsAliasesCastsAndJSONPaths() throws {
        let text = "id, label:name, amount::text, data->a->>b, meta->>'k', tags->0, \"Odd Name\", total:price::numeric"
        let s = try XCTUnwrap(PostgRESTSelect.parse(text))
        XCTAssertEqual(names(s), ["id", "name", "amount", "data", "meta", "tags", "Odd Name", "price"])
        XCTAssertEqual(s.columns.map(\.key), ["id", "label", "amount", "b", "k", "0", "Odd Name", "total"])
        XCTAssertFalse(s.star)
        // Offsets point at the column's name in the string.
        let bytes = Array(text.utf8)
        for column in s.columns {
            let name = Array(column.name.utf8)
            XCTAssertEqual(Array(bytes[column.offset ..< column.offset + name.count]), name, column.name)
        }
    }

    func testStarAndEmpty() throws {
        XCTAssertTrue(try XCTUnwrap(PostgRESTSelect.parse("*")).star)
        XCTAssertTrue(try XCTUnwrap(PostgRESTSelect.parse("")).star)
        XCTAssertTrue(try XCTUnwrap(PostgRESTSelect.parse("  \n ")).star)
        let s = try XCTUnwrap(PostgRESTSelect.parse("*, profiles(name)"))
        XCTAssertTrue(s.star)
        XCTAssertEqual(s.embeds.map(\.name), ["profiles"])
    }

    func testEmbeddedResourcesNestedWithHintsAliasesAndSpreads() throws {
        let text = """
            id,
              author:profiles!posts_author_id_fkey!inner(
                id, display_name,
                avatars(url)
              ),
              ...venues!left(venue_name:name, city),
              comments!post_id(count)
            """
        let s = try XCTUnwrap(PostgRESTSelect.parse(text))
        XCTAssertEqual(names(s), ["id"])
        XCTAssertEqual(s.embeds.map(\.name), ["profiles", "venues", "comments"])
        XCTAssertEqual(s.embeds.map(\.hint), ["posts_author_id_fkey", nil, "post_id"])
        XCTAssertEqual(s.embeds.map(\.alias), ["author", nil, nil])
        XCTAssertEqual(s.embeds.map(\.spread), [false, true, false])
        XCTAssertEqual(names(s.embeds[0].selection), ["id", "display_name"])
        XCTAssertEqual(s.embeds[0].selection.embeds.map(\.name), ["avatars"])
        XCTAssertEqual(names(s.embeds[0].selection.embeds[0].selection), ["url"])
        // The response's keys: a spread's columns at the parent's level.
        XCTAssertEqual(s.namedKeys, ["id", "author", "venue_name", "city", "comments"])
        let bytes = Array(text.utf8)
        let hint = s.embeds[0]
        XCTAssertEqual(String(decoding: bytes[hint.hintOffset! ..< hint.hintOffset! + 20], as: UTF8.self), "posts_author_id_fkey")
    }

    func testAggregates() throws {
        let s = try XCTUnwrap(PostgRESTSelect.parse("count(), amount.sum(), total:amount.avg()::int, venue_id"))
        XCTAssertEqual(names(s), ["amount", "amount", "venue_id"])
        XCTAssertEqual(s.aggregateKeys, ["count", "sum", "total"])
        XCTAssertEqual(s.namedKeys, ["venue_id", "count", "sum", "total"])
    }

    func testUnreadableSelectionsAreNil() {
        for text in ["id,", "a(b", "a)b", "a:b:c", "...x", "a.b", "a!", "id name", "a->", "(x)", "a::"] {
            XCTAssertNil(PostgRESTSelect.parse(text), text)
        }
    }

    func testSpreadOfStarIsNoted() throws {
        let s = try XCTUnwrap(PostgRESTSelect.parse("id, ...venues(*)"))
        XCTAssertTrue(s.spreadsStar)
        XCTAssertFalse(s.star)
    }
}
