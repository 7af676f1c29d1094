import ContractsCore
import XCTest

/// `swift-attribute-drift`: `switch self` properties compared case by case, with shared arms and `default:`.
final class AttributeDriftTests: XCTestCase {
    private let path = AppNotificationSource.path
    private let registry = CheckHarness.naarsCars

    private func attributeFindings(_ text: String) throws -> [Finding] {
        try CheckHarness.findings(replacing: path, with: text).filter { $0.ruleID == "swift-attribute-drift" }
    }

    func testWrongIconIsReportedAtTheReturnedLiteral() throws {
        let text = CheckHarness.plant("case .message: return \"message.fill\"", "case .message: return \"bubble.fill\"",
                                      in: AppNotificationSource.text)
        let findings = try attributeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"bubble.fill\"", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.value(raw: "message")?.location)
        XCTAssertEqual(findings.first?.message,
                       "NotificationType.icon is \"bubble.fill\" for .message but the registry says \"message.fill\" (icon); return \"message.fill\", or change registry.yaml")
    }

    func testCaseFallingIntoDefaultIsReportedAtTheDefaultResult() throws {
        let text = CheckHarness.plant(".pendingApproval, .userApproved, .userRejected:\n            return false",
                                      ".pendingApproval, .userApproved:\n            return false", in: AppNotificationSource.text)
        let findings = try attributeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "true", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.value(raw: "user_rejected")?.location)
        XCTAssertTrue(findings.first?.message.contains("canBeDisabled is true for .userRejected but the registry says false (can_be_disabled); give it its own `case` returning false") ?? false,
                      findings.first?.message ?? "")
    }

    func testSharedArmWithImplicitResultIsOneFindingNamingEveryCase() throws {
        let text = CheckHarness.plant("case .rideUpdate, .rideCompleted: \"ride_updates\"",
                                      "case .rideUpdate, .rideCompleted: \"rides\"", in: AppNotificationSource.text)
        let findings = try attributeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"rides\"", in: text, file: path)])
        XCTAssertTrue(findings.first?.message.contains("preferenceKey is \"rides\" for .rideUpdate, .rideCompleted but the registry says \"ride_updates\"") ?? false)
    }

    func testBadgeMemberAndNilAreCompared() throws {
        let text = CheckHarness.plant("case .pendingApproval, .userRejected:\n            return nil",
                                      "case .pendingApproval, .userRejected:\n            return .bell", in: AppNotificationSource.text)
        let findings = try attributeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: ".bell\n", in: text, file: path, occurrence: 2)])
        XCTAssertTrue(findings.first?.message.contains("badgeTab is .bell for .pendingApproval, .userRejected but the registry says nil") ?? false)
        let qualified = CheckHarness.plant("return BadgeTab.bell", "return BadgeTab.community", in: AppNotificationSource.text)
        XCTAssertEqual(try attributeFindings(qualified).count, 1)
    }

    func testNonLiteralResultsAndOtherPropertiesAreSkipped() throws {
        let computed = CheckHarness.plant("case .other: return \"bell.fill\"", "case .other: return Self.fallbackIcon",
                                          in: AppNotificationSource.text)
        XCTAssertEqual(try attributeFindings(computed), [])
        let interpolated = CheckHarness.plant("case .other: return \"bell.fill\"", "case .other: return \"bell\\(suffix)\"",
                                              in: AppNotificationSource.text)
        XCTAssertEqual(try attributeFindings(interpolated), [])
        let unrelated = CheckHarness.plant("case .message: return \"message\"", "case .message: return \"chat\"",
                                           in: AppNotificationSource.text)
        XCTAssertEqual(try attributeFindings(unrelated), [])
    }

    func testPropertiesInTheEnumBodyAreReadToo() throws {
        let source = """
        enum NotificationType: String {
            case message
            var canBeDisabled: Bool {
                get {
                    switch self {
                    case .message: false
                    }
                }
            }
        }
        """
        let findings = try CheckHarness.findings(["NaarsCars/Tiny.swift": source]).filter { $0.ruleID == "swift-attribute-drift" }
        XCTAssertEqual(findings.map(\.location.description), ["NaarsCars/Tiny.swift:6:28"])
    }

    func testCasesUnderIfConfigDoNotFallIntoDefault() throws {
        let text = CheckHarness.plant("""
                case .rideClaimed, .rideUnclaimed, .favorClaimed, .favorUnclaimed, .completionReminder,
                     .announcement, .adminAnnouncement, .broadcast, .pendingApproval, .userApproved, .userRejected:
                    return false
        """, """
                #if DEBUG
                case .userRejected: return true
                #else
                case .userRejected: return false
                #endif
                case .rideClaimed, .rideUnclaimed, .favorClaimed, .favorUnclaimed, .completionReminder,
                     .announcement, .adminAnnouncement, .broadcast, .pendingApproval, .userApproved:
                    return false
        """, in: AppNotificationSource.text)
        let findings = try attributeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "true\n        #else", in: text, file: path)])
    }
}
