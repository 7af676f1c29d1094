import Foundation
import GeneratedSplitwiseChatApp
import XCTest

/// The generated Swift of the shared-enums fixture: one enum per `enums:` entry that names a Swift enum, in registry
/// order with its raw values (camelCase notification types), a fallback that decodes unknown wire values, and an
/// enum nested in the app's own `Expense`.
final class SplitwiseSharedEnumTests: XCTestCase {
    private struct Room: Decodable { let status: ChatRoomStatus }
    private struct Asset: Decodable { let status: MediaAssetStatus }

    func testEachEnumHasTheRegistrysValuesInOrder() {
        XCTAssertEqual(ChatRoomStatus.allCases.map(\.rawValue), ["active", "archived", "locked", "deleted"])
        XCTAssertEqual(InviteStatus.allCases.map(\.rawValue),
                       ["pending", "sent", "opened", "accepted", "declined", "expired", "revoked"])
        XCTAssertEqual(MemberRole.allCases.map(\.rawValue), ["owner", "admin", "member", "guest"])
        XCTAssertEqual(Plan.allCases.map(\.rawValue), ["free", "plus", "pro", "family"])
        XCTAssertEqual(NotificationType(rawValue: "expenseAdded"), .expenseAdded)
    }

    func testTheNestedEnumLivesInTheAppsType() {
        let expense = Expense(amountCents: 1250, category: .transport)
        XCTAssertEqual(expense.category.rawValue, "transport")
        XCTAssertEqual(Expense.Category(serverValue: "groceries"), .other, "unknown values fall back")
        XCTAssertEqual(Expense.Category.allCases.count, 6)
    }

    func testAFallbackDecodesUnknownWireValuesAndNoFallbackRejectsThem() throws {
        let asset = try JSONDecoder().decode(Asset.self, from: Data(#"{"status":"archived"}"#.utf8))
        XCTAssertEqual(asset.status, .failed)
        XCTAssertThrowsError(try JSONDecoder().decode(Room.self, from: Data(#"{"status":"closed"}"#.utf8)),
                             "closed is retired: no case decodes it")
        XCTAssertEqual(try JSONDecoder().decode(Room.self, from: Data(#"{"status":"locked"}"#.utf8)).status, .locked)
    }
}
