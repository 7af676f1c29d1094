@testable import ContractsSwiftSource
import ContractsCore
import XCTest

/// `SwiftTypeDeclarationSearch`: the app's own declarations of the types `generate` writes (`generated-redeclared`),
/// found by a byte test that never skips a file that declares one, then read with swift-syntax.
final class TypeDeclarationSearchTests: XCTestCase {
    private func mayDeclare(_ name: String, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { SwiftTypeDeclarationSearch.mayDeclare(Array(name.utf8), in: $0) }
    }

    /// Every way Swift lets a declaration keyword stand before the name passes the byte test; mentions do not.
    func testTheByteTestAdmitsEveryDeclarationAndSkipsMentions() {
        for text in ["enum NotificationType: String {}", "public  struct\tNotificationType {}", "final class\nNotificationType {}",
                     "enum `NotificationType` {}", "typealias NotificationType = Kind", "actor NotificationType {}",
                     "protocol NotificationType {}", "enum /* was Kind */ NotificationType {}",
                     "enum // renamed\nNotificationType {}", "struct Expense { enum NotificationType {} }"] {
            XCTAssertTrue(mayDeclare("NotificationType", text), text)
        }
        for text in ["let type: NotificationType = .message", "extension NotificationType {}", "enum MyNotificationType {}",
                     "enum NotificationTypes {}", "func f(_ t: NotificationType) {}", "// enum Kind\nlet NotificationType = 1",
                     "struct Inbox { let kind: Expense.NotificationType }", ""] {
            XCTAssertFalse(mayDeclare("NotificationType", text), text)
        }
    }

    /// Top-level declarations and those nested where the name says (`Expense.Category`, in the type or an extension
    /// of it); not extensions, types nested elsewhere, or types local to a function, a closure or a getter.
    func testOnlyDeclarationsTheModuleNamesAreFound() {
        let text = """
            enum NotificationType: String, Codable { case message }
            extension NotificationType { var title: String { "" } }
            struct Inbox { enum NotificationType { case unread } }
            struct Expense { enum Category: String { case food } }
            extension Expense { struct Category {} }
            enum AppDiagnostics { enum Category { case network } }
            enum Category {}
            func preview() { enum NotificationType { case sample } }
            let make = { () -> Int in struct NotificationType {}; return 1 }
            var computed: Int { enum NotificationType {}; return 1 }
            #if DEBUG
            typealias DeepLink = String
            #endif
            """
        let found = SwiftTypeDeclarationSearch.declarations(of: ["NotificationType", "Expense.Category", "DeepLink"],
                                                            path: "App/Types.swift", text: text, withExtensions: false)
        XCTAssertEqual(found.map(\.name), ["NotificationType", "Expense.Category", "Expense.Category", "DeepLink"])
        XCTAssertEqual(found.map(\.keyword), ["enum", "enum", "struct", "typealias"])
        XCTAssertEqual(found.map(\.location), [
            SourceLocation(file: "App/Types.swift", line: 1, column: 6), SourceLocation(file: "App/Types.swift", line: 4, column: 23),
            SourceLocation(file: "App/Types.swift", line: 5, column: 28), SourceLocation(file: "App/Types.swift", line: 12, column: 11),
        ])
        XCTAssertEqual(found.first?.conformances, ["String", "Codable"])
        XCTAssertEqual(found.first?.members, [], "extensions do not count unless asked for")
    }

    /// What the app's type has that the generated one lacks: members by signature (a stored `let` clashes with a
    /// computed `var`, a failable `init?` with a plain `init`), conformances less those the generated ones imply; cases are the registry's, never listed.
    func testLackingListsMembersAndConformancesTheOtherDoesNotImply() {
        let app = SwiftTypeDeclarationSearch.declarations(of: ["NotificationType"], path: "App/N.swift", text: """
            enum NotificationType: String, Codable, Equatable, Identifiable, CustomStringConvertible {
                case message, rideUpdate
                var id: String { rawValue }
                var icon: String { "bell" }
                var description: String { rawValue }
                static let all: [NotificationType] = [.message]
                static func parse(_ text: String, strict: Bool) -> NotificationType? { nil }
                init?(serverValue: String) { self.init(rawValue: serverValue) }
                subscript(index: Int) -> String { "" }
                enum Group { case social }
                #if DEBUG
                var debugName: String { "" }
                #endif
            }
            """, withExtensions: false)[0]
        let generated = SwiftTypeDeclarationSearch.declarations(of: ["NotificationType"], path: "G/N.swift", text: """
            public enum NotificationType: String, Codable, CaseIterable, Sendable {
                case message
                public init(serverValue: String) { self = Self(rawValue: serverValue) ?? .message }
                public var icon: String? { nil }
            }
            extension NotificationType: CustomStringConvertible {
                public static let all: [String] = []
            }
            """)[0]
        XCTAssertEqual(generated.members, ["init(serverValue:)", "var icon", "static let all"])
        let lacking = app.lacking(in: generated)
        XCTAssertEqual(lacking.members, ["var id", "var description", "static func parse(_:strict:)", "subscript(index:)",
                                         "enum Group", "var debugName"])
        XCTAssertEqual(lacking.conformances, ["Identifiable"])
    }
}
