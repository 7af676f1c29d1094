import ContractsCore
import ContractsSQL
import Foundation
import XCTest

/// What `generate` writes, read back: the SQL emitter's golden migration for each real registry must
/// replay to exactly the registry's values, so `check` is clean right after `generate`.
final class EmittedConstraintTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testNaarsCarsGoldenReplaysToTheRegistry() throws {
        try check(registry: "registry.yaml", golden: "Tests/Golden/SQLConstraintEmitter/naarscars.sql")
    }

    func testDriverAppGoldenReplaysToTheRegistry() throws {
        try check(registry: "Tests/Fixtures/driver-app/registry.yaml", golden: "Tests/Golden/SQLConstraintEmitter/driver-app.sql")
    }

    func check(registry path: String, golden: String) throws {
        let registry = try RegistryLoader.load(contentsOf: root.appendingPathComponent(path), file: "registry.yaml")
        let folder = try XCTUnwrap(registry.sqlOutputFolder ?? registry.migrations.first)
        let sql = try String(contentsOf: root.appendingPathComponent(golden), encoding: .utf8)
        let context = CheckContext(registry: registry, tree: MemoryTree(text: ["\(folder.dir)/900_generated.sql": sql]))
        let effective = try XCTUnwrap(try ConstraintReplay.effective(in: context))
        XCTAssertEqual(effective.values, registry.notificationTypes!.rawValues)
        XCTAssertEqual(effective.name, registry.notificationTypes!.sql!.constraint)
        XCTAssertFalse(effective.notValid, "the golden validates the constraint in step 2")
        XCTAssertEqual(try SQLSourceCheck.findings(in: context).filter { $0.severity == .error }, [])
    }
}
