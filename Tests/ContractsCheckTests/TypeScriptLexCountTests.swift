import ContractsCheck
import ContractsCore
import ContractsTypeScriptSource
import ContractsFixtureApps
import Foundation
import XCTest

/// One `check` lexes each TypeScript file once, however many readers want it: the TypeScript checker's passes (the
/// pre-filtered files, the files calling a type function or a sink) and the push-contract check's push sends ask
/// one store (`TSLexes`).
final class TypeScriptLexCountTests: XCTestCase {
    /// Fixture apps whose edge functions send pushes the app reads (the TypeScript checker and the push-contract
    /// check want the same file), call a sink defined in `_shared/`, or call a type function defined elsewhere.
    static let apps = ["app-drift", "sinks-app-drift", "push-type-app-drift", "ride-push-app-drift", "porchlight-app-drift"]

    func testEachTypeScriptFileIsLexedOncePerCheck() throws {
        var shared: [String] = []
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let (findings, counts) = try TSLexes.sharing { store in
                let findings = try ContractCheck.findings(in: context)
                return (findings, store.paths.map { ($0, store.counts($0)) })
            }
            XCTAssertFalse(findings.isEmpty, "\(app): a drift fixture reports something")
            XCTAssertFalse(counts.isEmpty, "\(app): no TypeScript file went through the store")
            for (path, count) in counts {
                XCTAssertEqual(count.lexes, 1, "\(app): \(path) lexed \(count.lexes) times")
            }
            shared += counts.filter { $0.1.asks > 1 }.map { app + ": " + $0.0 }
        }
        // The count means something only where readers meet: files asked for by more than one of them.
        XCTAssertFalse(shared.isEmpty, "no TypeScript file was asked for by two readers")
    }

    /// A file whose bytes change between two asks is lexed again (never the older tokens), and a file asked for
    /// outside any run is lexed each time, as before.
    func testAnEditedFileIsLexedAgain() throws {
        let registry = try FixtureApp.load(try FixtureApp.copy("app-drift", for: self)).0
        let before = "const t = 'new_message'\nsendPush({ type: 'x', aps: {} })\n"
        let after = "const t = 'new_message'\n\nsendPush({ type: 'y', aps: {} })\n"
        let (first, second, again, counts) = TSLexes.sharing { store in
            let first = TypeScriptSourceCheck.pushSends(path: "f.ts", text: before, registry: registry)
            let again = TypeScriptSourceCheck.pushSends(path: "f.ts", text: before, registry: registry)
            let second = TypeScriptSourceCheck.pushSends(path: "f.ts", text: after, registry: registry)
            return (first, second, again, store.counts("f.ts"))
        }
        XCTAssertEqual(first, again)
        XCTAssertEqual(first.map(\.types), [["x"]])
        XCTAssertEqual(second.map(\.types), [["y"]])
        XCTAssertEqual(second.map(\.location.line), [3])
        XCTAssertEqual(counts.lexes, 2)
        XCTAssertEqual(counts.asks, 3)
    }

    /// The TypeScript checker finds the same with the run's store as without one.
    func testReadersFindTheSameWithTheRunStoreAsWithout() throws {
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let readers = { try [TypeScriptSourceCheck.findings(in: context), PushContractCheck.findings(in: context)] }
            let alone = try readers()
            let shared = try TSLexes.sharing { _ in try readers() }
            XCTAssertEqual(shared, alone, app)
        }
    }
}
