import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `payload-shape-drift` on hand-written interfaces named like a registry payload.
final class PayloadInterfaceRuleTests: XCTestCase {
    func testInterfaceWithAKeyThePayloadLacks() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        export interface BadgeCountsPayload {
          user_id?: string;
          messages_total: number
          requests_total: number; readonly bell_total: number,
          total: number;                       // what the old client read
          request_details: { request_type: 'ride' | 'favor'; unread: number }[];
          'community_total'?: number;
        }
        interface RequestCountDetail extends Base { request_id: string; unread_count: number; unread: number }
        """
        let found = findings(text, r)
        XCTAssertEqual(summary(found), [
            "\(position(of: "total: number;", in: text, occurrence: 2)) payload-shape-drift",
            "\(position(of: "unread: number }", in: text, occurrence: 2)) payload-shape-drift",
        ])
        XCTAssertTrue(found[0].message.contains("'total', a key the RPC get_badge_counts never returns"), found[0].message)
        XCTAssertTrue(found[1].message.contains("RequestCountDetail does not have"), found[1].message)
    }

    func testMatchingSubsetAndOtherInterfacesAreClean() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        type BadgeCounts = { messages_total: number; request_details: RequestCountDetail[] };
        interface Profile { total: number; name: string }
        type Handler = (req: Request) => Promise<Response>;
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testDriverAppPayloadType() throws {
        let r = try TestRegistries.driverApp()
        let text = "export type UnreadSummary = { unread_total: number; latest_at?: string; trips: TripUnread[]; unreadCount: number };"
        XCTAssertEqual(summary(findings(text, r)), ["\(position(of: "unreadCount", in: text)) payload-shape-drift"])
    }
}
