import ContractsCore
import ContractsFixtureApps
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation
import XCTest

/// The facts `generate` reads before a first CHECK constraint (`unknownTypeLiterals(in:)`) are the literals
/// `swift-unknown-literal` and `ts-unknown-literal` (and their `-read` ids) report: one fact per finding, at its location, naming the
/// value its message quotes.
final class UnknownTypeLiteralFactsTests: XCTestCase {
    func testFactsAreTheFindingsOfTheFixtureApps() throws {
        for name in ["app-clean", "app-drift", "carpool-app-clean", "carpool-app-drift", "kinds-app-clean", "kinds-app-drift",
                     "match-app-clean", "match-app-drift"] {
            let (registry, tree) = try FixtureApp.load(try FixtureApp.copy(name, for: self))
            try assertFactsAreFindings(CheckContext(registry: registry, tree: tree), name)
        }
    }

    func testFactsAreTheFindingsOfTheRefusedProject() throws {
        let files = UnregisteredWritesProject.files
        let registry = try RegistryLoader.load(text: try XCTUnwrap(files["registry.yaml"]), file: "registry.yaml")
        let context = CheckContext(registry: registry, tree: MemoryTree(text: files))
        try assertFactsAreFindings(context, "refused project")
        let ts = try TypeScriptSourceCheck.unknownTypeLiterals(in: context)
        XCTAssertEqual(ts.map { "\($0.location) \($0.raw ?? "-") \($0.standing)" }, [
            "supabase/functions/push/index.ts:2:72 app_update unregistered",
            "supabase/functions/push/index.ts:5:72 old_kind retired",
            "supabase/functions/push/index.ts:6:72 local_only offSurface",
            "supabase/functions/push/index.ts:7:91 - unregistered",
        ])
        XCTAssertEqual(ts.last?.constKey, "MESAGE")
        let swift = try SwiftSourceCheck.unknownTypeLiterals(in: context)
        XCTAssertEqual(swift.map { "\($0.location) \($0.raw ?? "-") \($0.standing) \($0.written)" }, [
            "App/Inbox.swift:10:43 mesage unregistered false",
            "App/Inbox.swift:11:45 server_ping offSurface false",
            "App/Inbox.swift:12:102 swift_written unregistered true",
        ])
    }

    private func assertFactsAreFindings(_ context: CheckContext, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let swiftFindings = try SwiftSourceCheck.findings(in: context).filter { [Rule.swiftUnknownLiteral.id, Rule.swiftUnknownLiteralRead.id].contains($0.ruleID) }
        let swiftFacts = try SwiftSourceCheck.unknownTypeLiterals(in: context).sorted { $0.location < $1.location }
        XCTAssertEqual(swiftFindings.map(\.location), swiftFacts.map(\.location), name, file: file, line: line)
        for (finding, fact) in zip(swiftFindings, swiftFacts) {
            XCTAssertTrue(finding.message.hasPrefix("\"\(fact.raw ?? "")\" "), "\(name): \(finding.message)", file: file, line: line)
            // A read is a dead branch, a write a broken one: each under its own id.
            XCTAssertEqual(finding.ruleID, fact.written ? Rule.swiftUnknownLiteral.id : Rule.swiftUnknownLiteralRead.id,
                           "\(name): \(finding.message)", file: file, line: line)
        }
        let tsFindings = try TypeScriptSourceCheck.findings(in: context).filter { [Rule.tsUnknownLiteral.id, Rule.tsUnknownLiteralRead.id].contains($0.ruleID) }
        let tsFacts = try TypeScriptSourceCheck.unknownTypeLiterals(in: context).sorted { $0.location < $1.location }
        XCTAssertEqual(tsFindings.map(\.location), tsFacts.map(\.location), name, file: file, line: line)
        let constName = context.registry.notificationTypes!.typescriptConst
        for (finding, fact) in zip(tsFindings, tsFacts) {
            let quoted = fact.raw.map { "'\($0)' " } ?? "`\(constName).\(fact.constKey ?? "")` "
            XCTAssertTrue(finding.message.hasPrefix(quoted), "\(name): \(finding.message)", file: file, line: line)
            XCTAssertEqual(finding.ruleID, fact.written ? Rule.tsUnknownLiteral.id : Rule.tsUnknownLiteralRead.id,
                           "\(name): \(finding.message)", file: file, line: line)
        }
    }
}
