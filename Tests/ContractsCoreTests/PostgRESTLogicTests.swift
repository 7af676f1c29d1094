import ContractsCore
import ContractsTestSupport
import XCTest

/// PostgREST's logic tree (`.or("…")`): the columns it names and where, and what it leaves unread.
final class PostgRESTLogicTests: XCTestCase {
    private func names(_ text: String) -> [String]? { PostgRESTLogic.columns(text)?.map(\.name) }

    /// Each offset points at the column's name in the string.
    private func assertOffsets(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = Array(text.utf8)
        for column in try XCTUnwrap(PostgRESTLogic.columns(text), text, file: file, line: line) {
            let name = Array(column.name.utf8)
            XCTAssertEqual(Array(bytes[column.offset ..< min(bytes.count, column.offset + name.count)]), name, text, file: file, line: line)
        }
    }

    func testFiltersNestedTreesAndNegations() throws {
        XCTAssertEqual(names("a.eq.1,b.is.null"), ["a", "b"])
        XCTAssertEqual(names("a.eq.1,and(b.gt.2,c.lt.3)"), ["a", "b", "c"])
        XCTAssertEqual(names("not.and(a.gte.1,or(b.not.eq.2,not.or(c.is.true,d.isdistinct.4)))"), ["a", "b", "c", "d"])
        XCTAssertEqual(names("status.not.in.(done,\"won't fix\"),owner_id.eq.7"), ["status", "owner_id"])
        XCTAssertEqual(names("tags.cs.{a,b.eq.1},tags.ov.{}"), ["tags", "tags"])
        XCTAssertEqual(names("doc.fts(english).cat,doc.plfts.fat cat,doc.wfts.x"), ["doc", "doc", "doc"])
        XCTAssertEqual(names("id.eq(any).{1,2},name.like(all).{a*,*b}"), ["id", "name"])
        XCTAssertEqual(names("data->>kind.eq.x,data->a->>b.neq.y,meta->'k'.eq.1,arr->0.eq.2,arr->-1.eq.3"),
                       ["data", "data", "meta", "arr", "arr"])
        XCTAssertEqual(names("\"Odd Name\".eq.1,\"a.b\".is.null"), ["Odd Name", "a.b"])
        XCTAssertEqual(names("my-col.eq.1"), ["my-col"])
        XCTAssertEqual(names("not.eq.1"), ["not"], "a column named not")
        XCTAssertEqual(names("or.eq.1"), ["or"], "a column named or")
        XCTAssertEqual(names("名前.eq.太郎,café.ilike.*crème*"), ["名前", "café"])
        try assertOffsets("not.and(a.gte.1,or(b.not.eq.2,not.or(c.is.true,d.isdistinct.4)))")
        try assertOffsets("\"Odd Name\".eq.1, 名前.eq.太郎,\tcafé.ilike.*crème*")
    }

    func testValuesThatLookLikeColumnsAreValues() {
        XCTAssertEqual(names("a.eq.b.eq.c"), ["a"])
        XCTAssertEqual(names("a.eq.\"x,b.eq.1\",c.eq.2"), ["a", "c"])
        XCTAssertEqual(names("a.eq.\"x)y(\",c.eq.2"), ["a", "c"])
        XCTAssertEqual(names("a.eq.\"say \\\"b.eq.1\\\"\",c.eq.2"), ["a", "c"], "an escaped quote inside a quoted value")
        XCTAssertEqual(names("a.in.(b.eq.1,\"c,d\"),e.eq.2"), ["a", "e"])
        XCTAssertEqual(names("a.cs.{x,b.eq.1}"), ["a"])
        XCTAssertEqual(names("a.eq.,b.eq."), ["a", "b"], "empty values")
        XCTAssertEqual(names("a.like.*or(b.eq.1*"), ["a"], "an opening paren inside an unquoted value is the value's")
    }

    func testWhitespace() throws {
        XCTAssertEqual(names("a.eq.1, b.eq.2 ,\tc.eq.3"), ["a", "b", "c"])
        XCTAssertEqual(names(" a.eq.1"), ["a"])
        XCTAssertEqual(names("and( a.eq.1 , b.eq.2 )"), ["a", "b"])
        XCTAssertEqual(names("a.eq.hello world,b.eq.2"), ["a", "b"], "spaces inside a value are the value's")
        try assertOffsets("and( a.eq.1 , b.eq.2 )")
        // Newlines are no separators PostgREST skips: not read.
        XCTAssertNil(names("a.eq.1,\nb.eq.2"))
    }

    func testUnreadableTreesAreNil() {
        for text in ["", " ", "a", "a.", "a.eq", "a.equals.1", "a.eq.1,", ",a.eq.1", "a.eq.1,,b.eq.2", "(a.eq.1)", "and(a.eq.1",
                     "and()", "a::text.eq.1", "rel.col.eq.1", "a.in.1,2", "a.in.(1,2", "a.fts(1).x", "a.eq(some).1", "\"\".eq.1",
                     "\"a.eq.1", "a.EQ.1", "xor(a.eq.1)", "a.eq.1)"] {
            XCTAssertNil(PostgRESTLogic.columns(text), text)
        }
    }

    /// A string that goes on with a value read at run time: only filters whose field and operator are all known.
    func testAnOpenTextKeepsWhatComesBeforeTheUnknownPart() {
        func open(_ text: String) -> [String]? { PostgRESTLogic.columns(Array(text.utf8), open: true)?.map(\.name) }
        XCTAssertEqual(open("title.ilike.%"), ["title"])
        XCTAssertEqual(open("title.ilike.%a%,body.ilike.%"), ["title", "body"])
        XCTAssertEqual(open("a.eq.1,b"), ["a"], "a name cut short is no name")
        XCTAssertEqual(open("a.eq.1,b.e"), ["a"], "nor is an operator")
        XCTAssertEqual(open("a.eq.1,b.eq"), ["a"])
        XCTAssertEqual(open("a.eq.\"x"), ["a"], "inside a quoted value")
        XCTAssertEqual(open("a.in.(1,"), ["a"])
        XCTAssertEqual(open("and(a.eq.1,or(b.eq."), ["a", "b"])
        XCTAssertNil(open(""))
        XCTAssertNil(open("ti"))
        XCTAssertNil(open("or("))
        XCTAssertNil(open("a.equals.1,b.eq."), "a known part that is no tree")
    }
}

/// Seeded random texts of the grammar's characters: the logic-tree reader always ends, and every column it gives
/// points inside the text.
final class PostgRESTLogicFuzzTests: XCTestCase {
    func testRandomTextsEndAndPointInside() {
        var random = SeededRandom("PostgRESTLogicFuzzTests")
        let alphabet = ["a", "b", "id", ".", ".", ",", "(", ")", "\"", "\\", "-", ">", "'", "{", "}", "*", "0", "1", " ",
                        "eq", "not", "and", "or", "in", "is", "null", "fts", "(any)", "名", "é", "%", ":", "\t", "->>", "\u{0}"]
        for _ in 0 ..< 20_000 {
            let text = (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            for open in [false, true] {
                for column in PostgRESTLogic.columns(bytes, open: open) ?? [] {
                    XCTAssertTrue(column.offset >= 0 && column.offset < bytes.count, "\(text): \(column)")
                    XCTAssertFalse(column.name.isEmpty, text)
                }
            }
        }
    }
}
