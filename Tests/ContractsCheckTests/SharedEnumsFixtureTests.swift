import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import Foundation
import XCTest

/// `Tests/Fixtures/splitwise-chat-app` (issue 27): an app with eight shared enums, its planted drift listed in
/// `EXPECTED.md` and `expected-findings.tsv`, and its clean twin `splitwise-chat-app-clean`: the clean twin reports
/// nothing, and the drift app reports exactly the listed findings.
final class SharedEnumsFixtureTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The seven `enums:` entries and the notification types, in registry order.
    static let enumNames = ["MemberRole", "ChatRoomStatus", "InviteStatus", "MediaAssetStatus", "Plan", "ReportTargetType",
                            "ExpenseCategory"]

    /// The one refusal of a decoder that takes no qualified `swift_enum` yet (`Expense.Category`).
    static let qualifiedSwiftEnumLine = "    swift_enum: Expense.Category"


    func testTheRegistryDeclaresEveryEnum() throws {
        for app in ["splitwise-chat-app", "splitwise-chat-app-clean"] {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent("\(app)/registry.yaml"), encoding: .utf8)
            let registry: Registry
            do {
                registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            } catch let refused as RegistryErrors {
                // Only the qualified name may be refused; without it the registry must load as it is.
                XCTAssertEqual(refused.errors.map { "\($0.location.line):\($0.location.column)" }, ["69:17"], "\(app): \(refused)")
                XCTAssertTrue(refused.errors.allSatisfy { $0.message.contains("'Expense.Category'") }, "\(app): \(refused)")
                registry = try RegistryLoader.load(text: Self.withoutQualifiedSwiftEnum(text), file: "registry.yaml")
            }
            XCTAssertEqual(registry.enums.map(\.name), Self.enumNames, app)
            XCTAssertEqual(registry.notificationTypes!.values.map(\.raw),
                           ["expenseAdded", "expenseSettled", "commentAdded", "inviteReceived", "inviteAccepted",
                            "roomArchived", "paymentReminder", "general"], app)
        }
    }

    func testTheCleanTwinReportsNothing() throws {
        let root = try copy("splitwise-chat-app-clean")
        let findings = try FixtureApp.filteredFindings(root)
        XCTAssertEqual(findings.map { "\($0.location) \($0.ruleID): \($0.message)" }, [],
                       "splitwise-chat-app-clean is splitwise-chat-app with every planted drift fixed; its decoys must stay silent")
    }

    func testTheDriftAppReportsExactlyTheExpectedFindings() throws {
        let expected = try Self.expectedFindings()
        XCTAssertEqual(expected.count, 38)
        let root = try copy("splitwise-chat-app")
        let reported = try FixtureApp.filteredFindings(root).map {
            ExpectedFinding(rule: $0.ruleID, file: $0.location.file, line: $0.location.line, column: $0.location.column)
        }
        let listed = Set(expected.map(\.finding))
        XCTAssertEqual(reported.filter { !listed.contains($0) }, [], "findings EXPECTED.md does not list (false alarms, or a list to update)")
        let notificationRows = expected.filter { $0.enumName == "NotificationType" }.map(\.finding)
        XCTAssertEqual(notificationRows.count, 5)
        XCTAssertEqual(expected.map(\.finding).filter { !reported.contains($0) }, [], "every planted drift found")
        XCTAssertEqual(Set(expected.flatMap { $0.enumName.split(separator: "|").map(String.init) }),
                       Set(Self.enumNames + ["NotificationType"]), "drift planted in every enum")
    }

    // MARK: - Helpers

    struct ExpectedFinding: Hashable, CustomStringConvertible {
        var rule: String, file: String, line: Int, column: Int
        var description: String { "\(file):\(line):\(column) \(rule)" }
    }

    /// `expected-findings.tsv`: rule, file, line, column, enum, value (a header line first).
    static func expectedFindings() throws -> [(finding: ExpectedFinding, enumName: String)] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("splitwise-chat-app/expected-findings.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let row = Int(fields[2]), let column = Int(fields[3]) else {
                throw MalformedRow(line: String(line))
            }
            return (ExpectedFinding(rule: fields[0], file: fields[1], line: row, column: column), fields[4])
        }
    }

    struct MalformedRow: Error { var line: String }

    static func withoutQualifiedSwiftEnum(_ text: String) -> String {
        text.replacingOccurrences(of: qualifiedSwiftEnumLine + "\n", with: "    # " + String(qualifiedSwiftEnumLine.dropFirst(4)) + "\n")
    }

    /// A temporary copy with the generated files written (no migration), as the other fixture apps are run; the
    /// registry's qualified `swift_enum` commented out while the decoder refuses it (nothing else changes).
    func copy(_ app: String) throws -> URL { try Self.copy(app, for: self) }

    /// The same copy for any test (removed when `test` ends).
    static func copy(_ app: String, for test: XCTestCase) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(app)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(app), to: root)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let registryURL = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: registryURL, encoding: .utf8)
        if (try? RegistryLoader.load(text: text, file: "registry.yaml")) == nil {
            try Data(Self.withoutQualifiedSwiftEnum(text).utf8).write(to: registryURL)
        }
        try FixtureApp.generateMissing(root)
        return root
    }
}
