@testable import ContractsSwiftSource
import ContractsTestSupport
import Foundation
import XCTest

/// Tokens at the top level of a type's body that start no declaration send swift-syntax's recovery scanning ahead
/// from each of them (`SwiftNestingDepth.memberRecoveryWork`): the fuzzer's `var icon: Stri` followed by one long
/// line of `NotificationType(rawValue: "x")` took over a minute in a debug build. Such a file is refused where the
/// run starts; valid Swift has no such token, so no real file is.
final class MemberRecoveryTests: XCTestCase {
    private func refusal(_ text: String) -> SwiftNestingDepth.Refusal? {
        SwiftNestingDepth.refusal(in: Array(text.utf8))
    }

    private static let head = "enum NotificationType: String {\n    case message\n"

    /// The shapes the fuzzer and the probe found, `count` times: each grows quadratically in the parser.
    static func shapes(_ count: Int) -> [String: String] {
        [
            "one long line after a property": head + "    var icon: Stri" + String(repeating: #"NotificationType(rawValue: "x")"#, count: count) + "\n}\n",
            "calls side by side": head + "    " + String(repeating: "foo() ", count: count) + "\n}\n",
            "names side by side": head + "    " + String(repeating: "foo ", count: count) + "\n}\n",
            "lines without their case keyword": head + String(repeating: "    pproved = \"user_approved\"\n", count: count) + "}\n",
            "in a struct inside a function": "func f() {\n    struct Row: Decodable {\n        let id: Int\n"
                + String(repeating: "        id id\n", count: count) + "    }\n}\n",
            // Inside a member's parenthesis left open, the strays cost as much (and more).
            "in an unclosed parenthesis": head + "    var icon: String = f(" + String(repeating: #"NotificationType(rawValue: "x")"#, count: count) + "\n}\n",
            // Closers that close nothing after a signature (fuzz: found-3e7dffbca26df2e9.swift, 10 s in a debug build).
            "closers after a signature": head + "    static func parse(userInfo: [AnyHashable: Any]) -> D"
                + String(repeating: "le: Any]) -> D", count: count) + " {\n        nil\n    }\n}\n",
            // A comment left open to the end of the file is scanned again from every stray before it.
            "before a comment left open": head + "    var icon: Stri" + String(repeating: #"NotificationType(rawValue: "x")"#, count: count / 8)
                + "/* " + String(repeating: "x", count: 400 * count) + "\n",
        ]
    }

    func testLongRunsOfStraysAreRefusedWhereTheyStart() {
        for (name, text) in Self.shapes(200) {
            let found = refusal(text)
            XCTAssertNotNil(found, name)
            XCTAssertTrue(found?.reason.contains("in a type's body, start no declaration") == true, "\(name): \(String(describing: found))")
            // The offset is the first stray token, on the line after the head (or inside the struct).
            let line = text.utf8.prefix(found?.offset ?? 0).filter { $0 == UInt8(ascii: "\n") }.count + 1
            XCTAssertLessThanOrEqual(line, 4, name)
        }
    }

    func testAStrayClosingParenthesisDoesNotEndTheTypeBody() {
        // The fuzzer's quotes shifted by one: `)` at the top level of the body closes nothing in the parser, so the
        // strays after it are still the body's (they were once counted as outside it, and the file took a minute).
        let line = String(repeating: #"Notificati")NotificationType(rawValue: "x")"#, count: 200)
        let found = refusal(Self.head + "    var icon: Stri" + line + "\n}\n")
        XCTAssertTrue(found?.reason.contains("start no declaration") == true, "\(String(describing: found))")
        // A body's `}` still ends it: what follows is top-level code, one statement a line (a member would be strays).
        XCTAssertNil(refusal("struct A { let a = 1 }\n" + String(repeating: "print(a)\n", count: 300)))
        // Statements side by side on one line are strays of a line of code, not of the body.
        let sideBySide = refusal("struct A { let a = 1 }\n" + String(repeating: "print(a) ", count: 300) + "\n")
        XCTAssertTrue(sideBySide?.reason.contains("in a line of code") == true, "\(String(describing: sideBySide))")
    }

    func testOperatorsGluedToCommentsAreBounded() {
        let limit = SwiftNestingDepth.operatorRunLimit
        // `**/` is `**` and the comment `/**/`, over and over: the lexer's time grows with the run squared.
        let glued = "let t: NotificationType = f(raw" + String(repeating: "**/", count: 200) + "\n"
        let found = refusal(glued)
        XCTAssertTrue(found?.reason.hasPrefix("more than \(limit) operator characters and comments back to back") == true,
                      "\(String(describing: found))")
        // Where the run passes the limit: a few dozen bytes into it.
        let start = "let t: NotificationType = f(raw".utf8.count
        XCTAssertTrue((start + limit / 2...start + 2 * limit).contains(found?.offset ?? 0), "\(String(describing: found?.offset))")
        // Decoys: operators a program writes, rules in comments and strings, and runs split by spaces.
        let decoys = "let a = b..<c &+ d !== e ?? f\n// \(String(repeating: "=", count: 200))\n"
            + "/* \(String(repeating: "-*-", count: 100)) */\nlet s = \"\(String(repeating: "+", count: 200))\"\n"
            + String(repeating: "x = a + b - c * d / e\n", count: 100)
        XCTAssertNil(refusal(decoys))
    }

    func testATypesDeclarationWithoutItsBodyIsBounded() {
        // The fuzzer's `enum NotificationType: Snum NotificationType: Snum …` on one line, never reaching a `{`: the
        // parser looks for the body's `{` from every stray of the header (11 s in a debug build at 12 KB).
        let header = "enum NotificationType: S" + String(repeating: "num NotificationType: S", count: 500) + "\n"
        let found = refusal(header)
        XCTAssertTrue(found?.reason.contains("in a type's declaration, start no declaration") == true, "\(String(describing: found))")
        // And colons instead of strays (`enum NotificationType:ficationType:ficationType:…`, 18 s at 22 KB).
        let colons = refusal("enum NotificationType:" + String(repeating: "ficationType:", count: 1000) + "\n")
        XCTAssertTrue(colons?.reason.contains("in a type's declaration, start no declaration") == true, "\(String(describing: colons))")
        // Decoys: headers of every form.
        let headers = """
            public final class Reader<T>: NSObject, @unchecked Sendable where T: Equatable {}
            extension Array where Element == Int {}
            struct Unique: ~Copyable {}
            enum Kind: String, CaseIterable, Codable, Sendable { case a }
            protocol P: AnyObject {}
            actor Counter {}
            class func make() {}
            struct Box<T: Hashable, U: Codable>: Collection where T: Sendable, U: Equatable, T.Element: Hashable {}

            """
        XCTAssertNil(refusal(String(repeating: headers, count: 200)))
    }

    func testALineOfCodeFullOfStraysIsBounded() {
        // The fuzzer's header cut by a `;`: the rest of the line is top-level code, `ype: Snum NotificationType: Snum …`
        // (a statement label, then strays), which the parser recovers from to the end of the line each time.
        let text = "enum NotificationType: Snum NotificationT;ype: S" + String(repeating: "num NotificationType: S", count: 500) + "num\n"
        let found = refusal(text)
        XCTAssertTrue(found?.reason.contains("in a line of code, start no declaration") == true, "\(String(describing: found))")
        // Decoys: code of every form, each line with at most a stray or two, and multi-line strings whose
        // interpolations are expressions of their own.
        let code = #"""
            func run(_ items: [Item]) async throws -> some View {
                outer: for item in items where item.isReady {
                    guard let value = try await load(item) as? Int else { continue outer }
                    if #available(iOS 15, *) { print(value) } else { break outer }
                    let label = item.count > 1 ? "many" : "one"
                    _ = consume label
                }
                let script = """
                    function \(name) -a expected \(other) words and more words
                    set -l \(flag) \(value)
                    """
                return Text(script).font(.title)
            }

            """#
        XCTAssertNil(refusal(String(repeating: code, count: 200)))
    }

    func testAFewStraysAreNotRefused() {
        // A half-edited file in the pre-commit hook: one line without its keyword, or two names side by side,
        // is parsed (and reported by the readers as usual).
        for (name, text) in Self.shapes(3) {
            XCTAssertNil(refusal(text), name)
        }
        let halfEdited = Self.head + "    pproved = \"user_approved\"\n    case rejected = \"user_rejected\"\n}\n"
        XCTAssertNil(refusal(halfEdited))
    }

    func testValidMembersOfEveryKindAreNotStrays() {
        // Decoys: every form a member takes, written so that an operand follows an operand only across a keyword,
        // an attribute or a signature word (`some`, `throws`, `where`, `async`), each many times over.
        let member = #"""
            @Published private(set) var items: [Item] = []
            @Environment(\.dismiss) var dismiss
            @available(iOS 15.0, *) nonisolated(unsafe) static var shared: Foo? = nil
            var body: some View { Text("x") }
            func load() async throws -> [Item] where Item: Decodable { [] }
            init(from decoder: Decoder) throws { self.items = [] }
            init?(raw: String) { nil }
            subscript(index: Int) -> Item { items[index] }
            lazy var formatter: DateFormatter = { DateFormatter() }()
            var count = 0 { didSet { print(count) } }
            let total = a
                + b
                .map { $0 }
            typealias Handler = (Int) -> Void
            case a = "a", b = "b"
            indirect case node(Node)
            #if DEBUG
            static let debug = true
            #endif
            let x = y as? Foo
            let z = try await f()
            let s = """
                multi line with (((( words words
                """
            static func == (lhs: Foo, rhs: Foo) -> Bool { true }
            let handler: @Sendable () -> Void = {}
            enum CodingKeys: String, CodingKey { case id, name = "display_name" }
            final class Reader: @unchecked Sendable { let lock = NSLock() }
            func make(from decoder: Decoder, _ value: Int, with handler: @escaping () -> Void, arena: __shared Arena) {}
            @available(iOS 15.0, macOS 12, *) func later() {}

        """#
        let text = "struct Foo<T>: View where T: Equatable {\n" + String(repeating: member, count: 50) + "}\n"
        XCTAssertNil(refusal(text))
        // `actor` is also a name: the loop's body is code, not a type's body.
        let loop = "func f(actors: [Actor]) {\n    for actor in actors {\n" + String(repeating: "        print(actor)\n        run(actor)\n", count: 500)
            + "    }\n    guard let actor = actors.first else { return }\n    use(actor)\n}\n"
        XCTAssertNil(refusal(loop))
        // Names of types used as values, outside any type's body, are no member at all.
        let topLevel = "let extension = url.pathExtension\nif extension == \"png\" {\n" + String(repeating: "    foo()\n    bar()\n", count: 500) + "}\n"
        XCTAssertNil(refusal(topLevel))
    }

    /// The dependencies' sources are thousands of real, valid Swift files of every style: none is refused.
    func testNoSwiftFileOfTheDependenciesIsRefused() throws {
        let checkouts = CLIHarness.repoRoot.appendingPathComponent(".build/checkouts")
        guard let walker = FileManager.default.enumerator(atPath: checkouts.path) else {
            throw XCTSkip("no .build/checkouts")
        }
        var files = 0
        var refused: [String] = []
        for case let path as String in walker where path.hasSuffix(".swift") && !path.contains("/Inputs/") {
            guard let data = FileManager.default.contents(atPath: checkouts.appendingPathComponent(path).path) else { continue }
            files += 1
            if let found = SwiftNestingDepth.refusal(in: Array(data)), found.reason.contains("start no declaration") {
                refused.append("\(path) at \(found.offset)")
            }
        }
        XCTAssertGreaterThan(files, 500)
        XCTAssertEqual(refused, [])
    }
}
