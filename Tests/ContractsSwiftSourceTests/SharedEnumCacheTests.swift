import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import SwiftParser
import XCTest

/// How names declared as a nested shared enum were spelled (`DeclaredTypes.spellings`) goes into the check cache
/// with each file's tables: a warm run that reads a file's tables back judges `Expense.Category` as a cold run does.
final class SharedEnumCacheTests: XCTestCase {
    typealias F = SharedEnumFixtures

    /// A cache of each file's work by its name, key and the file's bytes, kept as JSON as `check`'s cache keeps it.
    private final class JSONCache: CheckerCache, @unchecked Sendable {
        let tree: FileTree
        private let lock = NSLock()
        private var stored: [String: Data]
        private(set) var ran: [String] = []

        init(_ tree: FileTree, stored: [String: Data] = [:]) {
            self.tree = tree
            self.stored = stored
        }

        var entries: [String: Data] { lock.withLock { stored } }

        func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
            let path = String(name[name.index(after: name.firstIndex(of: ":")!)...])
            let entry = name + "\n" + key + "\n" + ((try? tree.read(path)).map { ContentHash.hex($0) } ?? "")
            if let data = lock.withLock({ stored[entry] }) { return try! JSONDecoder().decode(Value.self, from: data) }
            let value = try body(tree)
            lock.withLock {
                ran.append(name)
                stored[entry] = try! JSONEncoder().encode(value)
            }
            return value
        }
    }

    private func run(_ files: [String: String], stored: [String: Data] = [:]) throws -> (findings: [Finding], cache: JSONCache) {
        let tree = MemoryTree(text: files)
        let cache = JSONCache(tree, stored: stored)
        let context = CheckContext(registry: F.registry, tree: tree)
        return (try SwiftSourceCheck.findings(in: context, cache: cache, retainLimit: 0), cache)
    }

    /// One file edited: the others' tables come back from the cache, and the nested enum's literal is still judged.
    func testAWarmRunFindsWhatAColdRunFinds() throws {
        let cold = try run(F.clean)
        XCTAssertEqual(cold.findings, [])
        var edited = F.clean
        edited[F.expensesPath] = CheckHarness.plant("expense.category.rawValue == \"food\"", "expense.category.rawValue == \"fod\"",
                                                    in: F.expenses)
        let warm = try run(edited, stored: cold.cache.entries)
        XCTAssertEqual(warm.cache.ran.sorted(), ["swift-types:" + F.expensesPath, "swift:" + F.expensesPath],
                       "only the edited file is read again")
        XCTAssertEqual(warm.findings, try run(edited).findings)
        XCTAssertEqual(warm.findings.map(\.message), ["\"fod\" (compared with expense.category.rawValue) is not an ExpenseCategory"])
    }

    /// The spellings survive the packed string; a registry without nested enums keeps none (its tables, and so its
    /// cache entries and fingerprints, are as before).
    func testSpellingsArePacked() throws {
        let syntax = Parser.parse(source: F.models)
        let tables = DeclaredTypes(syntax, nestedNames: ["Category"])
        XCTAssertEqual(tables.spellings["Expense.category"], ["Expense:Category"])
        XCTAssertEqual(tables.spellings["category"], ["Expense:Category", "DiagnosticEvent:AppDiagnostics.Category"])
        let back = try XCTUnwrap(DeclaredTypes(packed: tables.packed))
        XCTAssertEqual(back.spellings, tables.spellings)
        XCTAssertEqual(back.fingerprint, tables.fingerprint)
        XCTAssertNotEqual(tables.fingerprint, DeclaredTypes(syntax).fingerprint)
        XCTAssertEqual(DeclaredTypes(syntax).spellings, [:])
        XCTAssertFalse(DeclaredTypes(syntax).packed.contains("Expense:Category"))
    }
}
