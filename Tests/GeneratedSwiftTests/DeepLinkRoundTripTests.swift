import Foundation
import GeneratedNaarsCars
import XCTest

/// Every generated NaarsCars deep link survives `userInfo` and `url` and comes back equal.
final class DeepLinkRoundTripTests: XCTestCase {
    private let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    /// One value per case; `testSamplesCoverEveryCase` fails when a case is added without a sample.
    private var samples: [DeepLink] {
        [
            .ride(id: id), .favor(id: id), .conversation(id: id), .profile(id: id),
            .townHallPostComments(id: id), .townHallPostHighlight(id: id),
            .townHall, .adminPanel, .pendingUsers, .dashboard, .notifications,
            .announcements(notificationId: id), .announcements(notificationId: nil),
            .enterApp, .unknown,
        ]
    }

    func testSamplesCoverEveryCase() {
        XCTAssertEqual(Set(samples.map(\.caseName)), Set(DeepLink.caseNames))
        XCTAssertEqual(DeepLink.caseNames.count, 14)
    }

    func testEveryCaseRoundTripsThroughUserInfo() {
        for link in samples {
            XCTAssertEqual(DeepLink(userInfo: link.userInfo), link, "\(link.userInfo)")
        }
    }

    func testEveryCaseRoundTripsThroughURL() {
        for link in samples {
            XCTAssertEqual(DeepLink(url: link.url), link, link.url.absoluteString)
        }
    }

    func testUserInfoCarriesCaseNameAndLowercaseKeys() {
        let info = DeepLink.ride(id: id).userInfo
        XCTAssertEqual(info["deep_link"] as? String, "ride")
        XCTAssertEqual(info["ride_id"] as? String, id.uuidString.lowercased())
        XCTAssertEqual(info.count, 2)
        XCTAssertEqual(DeepLink.announcements(notificationId: nil).userInfo.count, 1)
    }

    func testURLShape() {
        XCTAssertEqual(DeepLink.ride(id: id).url.absoluteString, "naarscars://ride?ride_id=\(id.uuidString.lowercased())")
        XCTAssertEqual(DeepLink.townHall.url.absoluteString, "naarscars://townHall")
        XCTAssertEqual(DeepLink(url: URL(string: "NaarsCars://TOWNHALL")!), .townHall)
        XCTAssertNil(DeepLink(url: URL(string: "https://ride?ride_id=\(id)")!))
        XCTAssertNil(DeepLink(url: URL(string: "naarscars://ride")!))
        XCTAssertNil(DeepLink(url: URL(string: "naarscars://nowhere")!))
    }
}
