import Foundation
import GeneratedNaarsCars
import XCTest

/// The generated NaarsCars notification-type enum: raw values, fallback decoding, per-case attributes.
final class NotificationTypeDecodingTests: XCTestCase {
    private struct Row: Decodable { let type: NotificationType }

    func testKnownRawValuesDecode() throws {
        let row = try JSONDecoder().decode(Row.self, from: Data(#"{"type":"ride_claimed"}"#.utf8))
        XCTAssertEqual(row.type, .rideClaimed)
        let types = try JSONDecoder().decode([NotificationType].self, from: Data(#"["message","town_hall_post"]"#.utf8))
        XCTAssertEqual(types, [.message, .townHallPost])
    }

    func testUnknownRawValueDecodesToFallback() throws {
        let row = try JSONDecoder().decode(Row.self, from: Data(#"{"type":"brand_new_type"}"#.utf8))
        XCTAssertEqual(row.type, .other)
        XCTAssertEqual(NotificationType(serverValue: "brand_new_type"), .other)
        XCTAssertNil(NotificationType(rawValue: "brand_new_type"))
    }

    func testNonStringStillFailsToDecode() {
        XCTAssertThrowsError(try JSONDecoder().decode(Row.self, from: Data(#"{"type":42}"#.utf8)))
    }

    func testEncodesRawValue() throws {
        let data = try JSONEncoder().encode([NotificationType.qaAnswer])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["qa_answer"]"#)
    }

    func testCasesFollowRegistryOrder() {
        XCTAssertEqual(NotificationType.allCases.count, 30)
        XCTAssertEqual(NotificationType.allCases.first, .message)
        XCTAssertEqual(NotificationType.allCases.last, .other)
        XCTAssertEqual(NotificationType.addedToConversation.rawValue, "added_to_conversation")
    }

    func testAttributes() {
        XCTAssertEqual(NotificationType.rideClaimed.icon, "checkmark.circle.fill")
        XCTAssertFalse(NotificationType.rideClaimed.canBeDisabled)
        XCTAssertNil(NotificationType.rideClaimed.preferenceKey)
        XCTAssertEqual(NotificationType.rideClaimed.badgeTab, .requests)
        XCTAssertTrue(NotificationType.message.canBeDisabled)
        XCTAssertEqual(NotificationType.message.preferenceKey, "messages")
        XCTAssertEqual(NotificationType.message.badgeTab, .messages)
        XCTAssertNil(NotificationType.pendingApproval.badgeTab)
        XCTAssertEqual(NotificationType.review.badgeTab, .bell)
        XCTAssertEqual(BadgeTab.allCases, [.requests, .messages, .community, .bell])
        XCTAssertEqual(BadgeTab.community.rawValue, "community")
    }
}
