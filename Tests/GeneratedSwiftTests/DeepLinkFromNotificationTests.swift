import Foundation
import GeneratedNaarsCars
import XCTest

/// Push payloads as edge functions send them: a notification type and ids, no `deep_link` key.
final class DeepLinkFromNotificationTests: XCTestCase {
    private let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    func testRideClaimedOpensTheRide() throws {
        let json = #"{"type":"ride_claimed","ride_id":"\#(id.uuidString.lowercased())"}"#
        let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [AnyHashable: Any])
        XCTAssertEqual(DeepLink(userInfo: payload), .ride(id: id))
    }

    func testQuestionOnAFavorOpensTheFavor() {
        XCTAssertEqual(DeepLink(userInfo: ["type": "qa_question", "favor_id": id.uuidString]), .favor(id: id))
        XCTAssertEqual(DeepLink(userInfo: ["type": "qa_question", "ride_id": id.uuidString]), .ride(id: id))
        XCTAssertEqual(DeepLink(notificationType: .qaAnswer, payload: ["favor_id": id.uuidString]), .favor(id: id))
    }

    func testMissingOrMalformedIdGivesNil() {
        XCTAssertNil(DeepLink(userInfo: ["type": "ride_claimed"]))
        XCTAssertNil(DeepLink(userInfo: ["type": "ride_claimed", "ride_id": "not-a-uuid"]))
        XCTAssertNil(DeepLink(userInfo: ["type": "user_rejected"]))
        XCTAssertNil(DeepLink(userInfo: ["ride_id": id.uuidString]))
        XCTAssertNil(DeepLink(userInfo: [:]))
    }

    func testMalformedQuestionIdFallsThroughToTheNextLink() {
        let payload: [AnyHashable: Any] = ["type": "qa_activity", "ride_id": "nope", "favor_id": id.uuidString]
        XCTAssertEqual(DeepLink(userInfo: payload), .favor(id: id))
    }

    func testTypesWithoutParametersAndOptionalOnes() {
        XCTAssertEqual(DeepLink(userInfo: ["type": "user_approved"]), .enterApp)
        XCTAssertEqual(DeepLink(userInfo: ["type": "announcement"]), .announcements(notificationId: nil))
        XCTAssertEqual(DeepLink(userInfo: ["type": "broadcast", "notification_id": id.uuidString]),
                       .announcements(notificationId: id))
        XCTAssertEqual(DeepLink(userInfo: ["type": "broadcast", "notification_id": "garbage"]),
                       .announcements(notificationId: nil))
    }

    func testUnknownTypeUsesTheFallbackTypesLink() {
        XCTAssertEqual(DeepLink(userInfo: ["type": "brand_new_type"]), .notifications)
    }

    func testLinkKeyWinsOverTheType() {
        let payload: [AnyHashable: Any] = ["deep_link": "profile", "type": "ride_claimed",
                                           "user_id": id.uuidString, "ride_id": id.uuidString]
        XCTAssertEqual(DeepLink(userInfo: payload), .profile(id: id))
    }

    func testIncompleteLinkKeyFallsBackToTheType() {
        let payload: [AnyHashable: Any] = ["deep_link": "profile", "type": "ride_claimed", "ride_id": id.uuidString]
        XCTAssertEqual(DeepLink(userInfo: payload), .ride(id: id))
        XCTAssertNil(DeepLink(userInfo: ["deep_link": "profile"]))
    }

    func testAcceptsUppercaseUUIDsAndUUIDValues() {
        XCTAssertEqual(DeepLink(userInfo: ["type": "message", "conversation_id": id.uuidString.uppercased()]),
                       .conversation(id: id))
        XCTAssertEqual(DeepLink(userInfo: ["type": "message", "conversation_id": id]), .conversation(id: id))
    }
}
