import ContractsTestSupport
import XCTest
@testable import ContractsTypeScriptSource

/// The lexer on ordinary and nasty inputs: every case asserts kinds, values and exact offsets.
final class LexerTests: XCTestCase {
    private func kinds(_ text: String) -> [String] {
        lexTypeScript(text).tokens.map { "\($0.kind):\($0.kind == .string ? $0.value : $0.text)" }
    }

    func testWordsNumbersAndPunctuators() {
        XCTAssertEqual(kinds("const x = a?.b ?? 0x1F >>>= 1_000n;"), [
            "identifier:const", "identifier:x", "punctuator:=", "identifier:a", "punctuator:?.", "identifier:b",
            "punctuator:??", "number:0x1F", "punctuator:>>>=", "number:1_000n", "punctuator:;",
        ])
        XCTAssertEqual(kinds("a?.5:b"), ["identifier:a", "punctuator:?", "number:.5", "punctuator::", "identifier:b"])
        XCTAssertEqual(kinds("1e-3+.5...x"), ["number:1e-3", "punctuator:+", "number:.5", "punctuator:...", "identifier:x"])
        XCTAssertEqual(kinds("this.#secret $el _a"), ["identifier:this", "punctuator:.", "identifier:#secret", "identifier:$el", "identifier:_a"])
    }

    func testStringsDecodeEscapes() {
        let text = #"'it\'s' "a\"b" 'tab\there' '\x41\u0042\u{1F600}' 'line\"# + "\ncont'"
        let tokens = lexTypeScript(text).tokens
        XCTAssertEqual(tokens.map(\.value), ["it's", "a\"b", "tab\there", "AB😀", "linecont"])
        XCTAssertEqual(tokens.map(\.kind), Array(repeating: .string, count: 5))
        XCTAssertEqual(tokens[0].text, #"'it\'s'"#)
        XCTAssertEqual(tokens[1].start, 8)
    }

    func testOffsetsAreUTF8Bytes() {
        let text = "const é = 'ü'; x"
        let tokens = lexTypeScript(text).tokens
        XCTAssertEqual(tokens[1].text, "é")
        XCTAssertEqual(tokens[3].start, 11)   // 'const ' (6) + é (2 bytes) + ' = ' (3)
        XCTAssertEqual(tokens.last?.start, text.utf8.count - 1)
    }

    func testUnterminatedStringEndsAtLineEnd() {
        let tokens = lexTypeScript("const a = 'oops\nconst b = 'ok'").tokens
        XCTAssertEqual(tokens[3].kind, .string)
        XCTAssertEqual(tokens[3].value, "oops")
        XCTAssertEqual(tokens.last?.value, "ok")
        XCTAssertEqual(tokens.count, 8)
    }

    func testCommentsAreKeptAside() {
        let lexed = lexTypeScript("a // 'not a string\nb /* \"nor\" this */ c /* open")
        XCTAssertEqual(lexed.tokens.map(\.text), ["a", "b", "c"])
        XCTAssertEqual(lexed.comments.map(\.text), ["// 'not a string", "/* \"nor\" this */", "/* open"])
    }

    func testShebangIsAComment() {
        let lexed = lexTypeScript("#!/usr/bin/env -S deno run\nx")
        XCTAssertEqual(lexed.tokens.map(\.text), ["x"])
        XCTAssertEqual(lexed.comments.count, 1)
    }

    func testRegexVersusDivision() {
        XCTAssertEqual(kinds("a / b / c"), ["identifier:a", "punctuator:/", "identifier:b", "punctuator:/", "identifier:c"])
        XCTAssertEqual(kinds("x = /'[\"/]'/g.test(s)").prefix(3), ["identifier:x", "punctuator:=", "regex:/'[\"/]'/g"])
        XCTAssertEqual(kinds("return /a\\/b/i"), ["identifier:return", "regex:/a\\/b/i"])
        XCTAssertEqual(kinds("f(a) / 2"), ["identifier:f", "punctuator:(", "identifier:a", "punctuator:)", "punctuator:/", "number:2"])
        XCTAssertEqual(kinds("xs[0] /= 2"), ["identifier:xs", "punctuator:[", "number:0", "punctuator:]", "punctuator:/=", "number:2"])
        XCTAssertEqual(kinds("s.replace(/\"/g, \"'\")"), [
            "identifier:s", "punctuator:.", "identifier:replace", "punctuator:(", "regex:/\"/g", "punctuator:,",
            "string:'", "punctuator:)",
        ])
    }

    func testRegexWithQuoteDoesNotStartAString() {
        let tokens = lexTypeScript("const re = /it's/; const t = 'ride_claimd'").tokens
        XCTAssertEqual(tokens[3].kind, .regex)
        XCTAssertEqual(tokens.last?.kind, .string)
        XCTAssertEqual(tokens.last?.value, "ride_claimd")
    }

    func testTemplateLiteralsAndNesting() {
        XCTAssertEqual(kinds("`hi ${name} and ${ {a: 'x'}.a } end`"), [
            "template:`hi ${", "identifier:name", "template:} and ${", "punctuator:{", "identifier:a", "punctuator::",
            "string:x", "punctuator:}", "punctuator:.", "identifier:a", "template:} end`",
        ])
        XCTAssertEqual(kinds("`a ${`b ${c} 'q'`} \\` \"`"), [
            "template:`a ${", "template:`b ${", "identifier:c", "template:} 'q'`", "template:} \\` \"`",
        ])
        // A division after a template is division; inside `${` a slash starts a regex.
        XCTAssertEqual(kinds("`a` / 2").map { $0 }, ["template:`a`", "punctuator:/", "number:2"])
        XCTAssertEqual(kinds("`${/x'/.source}`"), ["template:`${", "regex:/x'/", "punctuator:.", "identifier:source", "template:}`"])
    }

    func testUnterminatedTemplateAndRegexNeverHang() {
        XCTAssertEqual(kinds("`open ${ x"), ["template:`open ${", "identifier:x"])
        XCTAssertEqual(kinds("`never closed"), ["template:`never closed"])
        XCTAssertEqual(kinds("= /abc\nd"), ["punctuator:=", "regex:/abc", "identifier:d"])
        XCTAssertEqual(kinds("}}}) ]"), ["punctuator:}", "punctuator:}", "punctuator:}", "punctuator:)", "punctuator:]"])
    }

    func testEveryByteSequenceTerminates() {
        let nasty = ["'", "\"", "`", "/", "/*", "\\", "${", "`${", "`${`", "'\\", "/[", "/[/", "\u{FF}", "é", "#", "`${'}`"]
        for a in nasty {
            for b in nasty {
                let text = a + b + a
                let lexed = lexTypeScript(text)
                let covered = lexed.tokens.map(\.end) + lexed.comments.map(\.end)
                XCTAssertLessThanOrEqual(covered.max() ?? 0, text.utf8.count, text)
                for t in lexed.tokens { XCTAssertLessThan(t.start, t.end, text) }
            }
        }
        var random = SeededRandom("LexerTests random bytes")
        for _ in 0..<200 {
            let bytes = (0..<64).map { _ in UInt8.random(in: 0...127, using: &random) }
            _ = lexTypeScript(String(decoding: bytes, as: UTF8.self))
        }
    }

    func testStructurePairsBracketsAcrossTemplates() {
        let source = TSSource(path: "f.ts", text: "f(`${ {a: [1]} }`, { b })")
        let open = source.tokens.firstIndex { $0.isPunct("(") }!
        XCTAssertEqual(source.tokens[source.partner[open]].text, ")")
        let objects = source.tokens.indices.filter { source.isPunct($0, "{") && source.isObjectLiteral($0) }
        XCTAssertEqual(objects.count, 2)
        XCTAssertEqual(source.properties(ofObjectAt: objects[1]).map(\.key), ["b"])
    }

    func testLocationsAreLineAndByteColumn() {
        let source = TSSource(path: "f.ts", text: "a\n  é 'x'")
        XCTAssertEqual(source.location(of: 2).description, "f.ts:2:6")
    }
}
