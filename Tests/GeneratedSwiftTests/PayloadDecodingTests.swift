import Foundation
import GeneratedNaarsCars
import XCTest

/// The generated NaarsCars payload structs: snake_case keys, defaults for missing and null keys, allowed values.
final class PayloadDecodingTests: XCTestCase {
    private let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    func testMissingKeysAndNullsTakeDefaults() throws {
        let json = #"{"messages_total": 3, "requests_total": null, "request_details": null}"#
        let counts = try JSONDecoder().decode(BadgeCountsPayload.self, from: Data(json.utf8))
        XCTAssertEqual(counts, BadgeCountsPayload(messagesTotal: 3))
        XCTAssertNil(counts.userId)
        XCTAssertEqual(counts.requestsTotal, 0)
        XCTAssertEqual(counts.communityTotal, 0)
        XCTAssertEqual(counts.bellTotal, 0)
        XCTAssertEqual(counts.requestDetails, [])
        XCTAssertEqual(counts.conversationDetails, [])
    }

    func testEmptyObjectDecodes() throws {
        XCTAssertEqual(try JSONDecoder().decode(BadgeCountsPayload.self, from: Data("{}".utf8)), BadgeCountsPayload())
    }

    func testNestedDetailsDecode() throws {
        let lower = id.uuidString.lowercased()
        let json = """
        {"user_id": "\(lower)", "requests_total": 2, "bell_total": 1,
         "request_details": [{"request_type": "favor", "request_id": "\(lower)", "unread_count": 2},
                             {"request_type": "ride", "request_id": "\(lower)", "unread_count": null}],
         "conversation_details": [{"conversation_id": "\(lower)"}]}
        """
        let counts = try JSONDecoder().decode(BadgeCountsPayload.self, from: Data(json.utf8))
        XCTAssertEqual(counts.userId, id)
        XCTAssertEqual(counts.requestsTotal, 2)
        XCTAssertEqual(counts.bellTotal, 1)
        XCTAssertEqual(counts.requestDetails, [
            RequestCountDetail(requestType: .favor, requestId: id, unreadCount: 2),
            RequestCountDetail(requestType: .ride, requestId: id),
        ])
        XCTAssertEqual(counts.conversationDetails, [ConversationCountDetail(conversationId: id, unreadCount: 0)])
    }

    func testRequiredKeysAndAllowedValuesAreEnforced() {
        let lower = id.uuidString.lowercased()
        XCTAssertThrowsError(try JSONDecoder().decode(RequestCountDetail.self, from: Data(
            #"{"request_type": "ride"}"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(RequestCountDetail.self, from: Data(
            #"{"request_type": "boat", "request_id": "\#(lower)"}"#.utf8)))
        XCTAssertEqual(RequestCountDetail.RequestType(rawValue: "ride"), .ride)
    }
}
