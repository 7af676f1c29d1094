import ContractsCore
import XCTest

/// `swift-deeplink-drift`: the deep-link enum's cases and associated values, and the push keys parsers read.
final class DeepLinkDriftTests: XCTestCase {
    private let path = DeepLinkParserSource.path
    private let links = CheckHarness.naarsCars.deepLinks!

    private func linkFindings(_ text: String) throws -> [Finding] {
        try CheckHarness.findings(replacing: path, with: text).filter { $0.ruleID == "swift-deeplink-drift" }
    }

    func testParameterTypeMismatchIsReportedAtTheParameter() throws {
        let text = CheckHarness.plant("case ride(id: UUID)", "case ride(id: String)", in: DeepLinkParserSource.text)
        let findings = try linkFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "id: String", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, links.cases.first { $0.name == "ride" }?.params.first?.location)
        XCTAssertEqual(findings.first?.message,
                       "DeepLink.ride has associated value `id: String` but the registry says `id: UUID` (payload key \"ride_id\"); change it to `id: UUID`")
    }

    func testSwiftLabelsAreFreeButTypesAreNot() throws {
        // The registry's parameter is the wire (payload key and type): a label of the app's own, or none, is fine.
        let label = CheckHarness.plant("case profile(id: UUID)", "case profile(userId: UUID)", in: DeepLinkParserSource.text)
        XCTAssertEqual(try linkFindings(label), [])
        let unlabelled = CheckHarness.plant("case profile(id: UUID)", "case profile(UUID)", in: DeepLinkParserSource.text)
        XCTAssertEqual(try linkFindings(unlabelled), [])
        let wildcard = CheckHarness.plant("case profile(id: UUID)", "case profile(_ userID: UUID)", in: DeepLinkParserSource.text)
        XCTAssertEqual(try linkFindings(wildcard), [])
        let wrongType = CheckHarness.plant("case profile(id: UUID)", "case profile(String)", in: DeepLinkParserSource.text)
        let findings = try linkFindings(wrongType)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "String)", in: wrongType, file: path)])
        XCTAssertEqual(findings.first?.message,
                       "DeepLink.profile has associated value `String` but the registry says `id: UUID` (payload key \"user_id\"); change it to `UUID`")
        let extra = CheckHarness.plant("case profile(id: UUID)", "case profile(UUID, String)", in: DeepLinkParserSource.text)
        XCTAssertEqual(try linkFindings(extra).map(\.message),
                       ["DeepLink.profile has 2 associated value(s) but the registry declares 1; declare it as `case profile(id: UUID)`"])
    }

    func testOptionalityMismatches() throws {
        let optional = CheckHarness.plant("case announcements(notificationId: UUID?)", "case announcements(notificationId: UUID)",
                                          in: DeepLinkParserSource.text)
        let findings = try linkFindings(optional)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "notificationId: UUID)", in: optional, file: path)])
        XCTAssertTrue(findings.first?.message.contains("`notificationId: UUID?`") ?? false)
        let spelledOut = CheckHarness.plant("notificationId: UUID?", "notificationId: Optional<UUID>", in: DeepLinkParserSource.text)
        XCTAssertEqual(try linkFindings(spelledOut), [])
    }

    func testMissingCaseAtTheEnumNameAndExtraCaseAtItsElement() throws {
        let text = CheckHarness.plant("case adminPanel, pendingUsers, dashboard", "case adminPanel, settings, dashboard",
                                      in: DeepLinkParserSource.text)
        let findings = try linkFindings(text)
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "DeepLink: Equatable", in: text, file: path),
            CheckHarness.location(of: "settings", in: text, file: path),
        ])
        XCTAssertEqual(findings.first?.fix, "case pendingUsers")
        XCTAssertTrue(findings.last?.message.contains("DeepLink.settings is not a registered deep link") ?? false)
    }

    func testMissingAssociatedValueIsReportedAtTheCase() throws {
        let text = CheckHarness.plant("case townHallPostComments(id: UUID)", "case townHallPostComments", in: DeepLinkParserSource.text)
        let findings = try linkFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "townHallPostComments\n", in: text, file: path)])
        XCTAssertEqual(findings.first?.fix, "case townHallPostComments(id: UUID)")
    }

    func testUserInfoKeyTheServerNeverSendsIsReportedAtTheKey() throws {
        let text = CheckHarness.plant("uuid(userInfo[\"user_id\"])", "uuid(userInfo[\"reviewer_id\"])", in: DeepLinkParserSource.text)
        let findings = try linkFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"reviewer_id\"", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, links.location)
        XCTAssertTrue(findings.first?.message.hasPrefix("push payload key \"reviewer_id\" is read here but the server never sends it") ?? false)
    }

    func testDictionariesDerivedFromUserInfoAreChecked() throws {
        let source = """
        import UserNotifications
        final class PushRouter {
            func route(_ response: UNNotificationResponse) {
                let info = response.notification.request.content.userInfo
                _ = info["deep_link"]; _ = info["rideId"]
                _ = response.notification.request.content.userInfo["conversation"]
                if let payload = info as? [String: Any] { _ = payload["sender_name"] }
                handle(data: [:])
            }
            func handle(data: [String: Any]) { _ = data?["ride_id"]; _ = data["thread-id"] }
        }
        """
        let file = "NaarsCars/App/PushRouter.swift"
        let findings = try CheckHarness.findings([file: source]).filter { $0.ruleID == "swift-deeplink-drift" }
        XCTAssertEqual(findings.map(\.location.description), ["\(file):5:41", "\(file):6:60", "\(file):7:63"])
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"rideId\"", in: source, file: file),
                                                  CheckHarness.location(of: "\"conversation\"", in: source, file: file),
                                                  CheckHarness.location(of: "\"sender_name\"", in: source, file: file)])
    }

    func testNotificationCenterUserInfoIsTheAppsOwn() throws {
        let source = """
        final class NavigationCoordinator {
            @Published var rideId: UUID?
            func listen() {
                NotificationCenter.default.addObserver(forName: .navigateToRide, object: nil, queue: .main) { notification in
                    if let userInfo = notification.userInfo { self.rideId = userInfo["rideId"] as? UUID }
                    self.rideId = notification.userInfo?["rideId"] as? UUID
                }
            }
            func openDeepLink(_ link: DeepLink) {}
        }
        """
        XCTAssertEqual(try CheckHarness.findings(["NaarsCars/App/NavigationCoordinator.swift": source]), [])
    }

    func testKeysWrittenIntoAPayloadDictionaryAreNotReads() throws {
        // Found by the fixture app: BadgeCountManager builds the userInfo it posts to NotificationCenter.
        // Both dictionaries are typed as push payloads, so only the assignment tells the write from the read.
        let source = """
        final class BadgeCountManager {
            func post(_ counts: [UUID: Int]) {
                var info: [AnyHashable: Any] = ["unread_counts": counts]
                info["source"] = "rpc"
                NotificationCenter.default.post(name: .conversationUnreadCountsUpdated, object: nil, userInfo: info)
            }
            func read(_ info: [AnyHashable: Any]) -> Bool { info["source"] != nil }
        }
        """
        let file = "NaarsCars/Core/Services/BadgeCountManager.swift"
        let findings = try CheckHarness.findings([file: source])
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"source\"", in: source, file: file, occurrence: 2)],
                       "the assignment is not reported; the read after it still is")
    }

    func testDictionariesInFilesWithoutPushesAreNotChecked() throws {
        let source = """
        enum AnalyticsEvent {
            static func track(_ params: [String: Any]) { _ = params["screen"] }
        }
        struct BadgeCountsPayloadProbe { func f(_ row: [String: Any]) { _ = row["anything"] } }
        """
        XCTAssertEqual(try CheckHarness.findings(["NaarsCars/Analytics.swift": source]), [])
    }
}
