import ContractsCore
import XCTest

/// `swift-enum-drift`: missing, extra and renamed raw values, explicit and implicit, several cases a line.
final class EnumDriftTests: XCTestCase {
    private let path = AppNotificationSource.path
    private let registry = CheckHarness.naarsCars

    private func enumFindings(_ text: String) throws -> [Finding] {
        try CheckHarness.findings(replacing: path, with: text).filter { $0.ruleID == "swift-enum-drift" }
    }

    func testChangedExplicitRawValueIsOneRenameFindingAtTheCase() throws {
        let text = CheckHarness.plant("case rideClaimed = \"ride_claimed\"", "case rideClaimed = \"ride_claim\"",
                                      in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertEqual(findings.first?.location, CheckHarness.location(of: "rideClaimed = \"ride_claim\"", in: text, file: path))
        XCTAssertEqual(findings.first?.location.description, "NaarsCars/Core/Models/AppNotification.swift:18:10")
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.value(raw: "ride_claimed")?.location)
        XCTAssertEqual(findings.first?.message,
                       "NotificationType.rideClaimed has raw value \"ride_claim\" but the registry says \"ride_claimed\"; change the raw value (or the registry) so both agree")
    }

    func testImplicitRawValueMadeExplicitAndWrongIsARename() throws {
        let text = CheckHarness.plant("    case other\n", "        case other = \"others\"\n", in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "other = \"others\"", in: text, file: path)])
        XCTAssertTrue((findings.first?.message ?? "").contains("\"others\" but the registry says \"other\""))
    }

    func testExtraCaseOnAMultiCaseLineIsReportedAtItsElement() throws {
        let text = CheckHarness.plant("case newRide = \"new_ride\", rideUpdate = \"ride_update\"",
                                      "case newRide = \"new_ride\", rideCancelled = \"ride_cancelled\", rideUpdate = \"ride_update\"",
                                      in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "rideCancelled", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.location)
        XCTAssertTrue((findings.first?.message ?? "").contains("rideCancelled (\"ride_cancelled\") is not a registered notification type"))
    }

    func testExtraImplicitCaseIsNamedByItsImplicitRawValue() throws {
        let text = CheckHarness.plant("    case other\n", "        case other\n        case system\n", in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "system", in: text, file: path, occurrence: 2)])
        XCTAssertTrue((findings.first?.message ?? "").contains("(\"system\")"))
    }

    func testMissingValueIsReportedAtTheEnumNameWithTheCaseToAdd() throws {
        let text = CheckHarness.plant("case announcement, broadcast", "case announcement", in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "NotificationType: String", in: text, file: path)])
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.value(raw: "broadcast")?.location)
        XCTAssertEqual(findings.first?.fix, "case broadcast")
        let second = CheckHarness.plant("    case qaAnswer = \"qa_answer\"\n", "", in: AppNotificationSource.text)
        XCTAssertEqual(try enumFindings(second).map(\.fix), ["case qaAnswer = \"qa_answer\""])
    }

    func testNestedEnumIsFoundAndEnumElsewhereIsNotRequired() throws {
        let nested = CheckHarness.plant("enum NotificationType: String", "enum Models { enum NotificationType: String",
                                        in: AppNotificationSource.text)
            .replacingOccurrences(of: "\n    extension NotificationType {", with: "}\n    extension Models.NotificationType {")
        let text = CheckHarness.plant("case userRejected = \"user_rejected\"", "case userRejected = \"user_declined\"", in: nested)
        XCTAssertEqual(try enumFindings(text).map(\.location),
                       [CheckHarness.location(of: "userRejected = \"user_declined\"", in: text, file: path)])
        let renamedEnum = AppNotificationSource.text.replacingOccurrences(of: "NotificationType", with: "LegacyKind")
        XCTAssertEqual(try enumFindings(renamedEnum), [])
    }

    func testNonLiteralRawValueIsReportedNotGuessed() throws {
        let text = CheckHarness.plant("case qaAnswer = \"qa_answer\"", "case qaAnswer = \"qa_\" + \"answer\"",
                                      in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.first?.location, CheckHarness.location(of: "\"qa_\" + \"answer\"", in: text, file: path))
        XCTAssertTrue(findings.first?.message.contains("not a string literal") ?? false)
    }

    func testColumnsCountUTF8BytesBeforeTheDrift() throws {
        let text = CheckHarness.plant("case rideClaimed = \"ride_claimed\"", "case /* ✓ é */ rideClaimed = \"ride_claim\"",
                                      in: AppNotificationSource.text)
        let findings = try enumFindings(text)
        XCTAssertEqual(findings.map(\.location.description), ["NaarsCars/Core/Models/AppNotification.swift:18:23"])
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "rideClaimed = \"ride_claim\"", in: text, file: path)])
    }

    func testEnumWithoutAStringRawTypeIsComparedByCaseName() throws {
        let text = CheckHarness.plant("enum NotificationType: String, Codable, CaseIterable, Sendable {",
                                      "enum NotificationType: Codable, CaseIterable, Sendable {", in: AppNotificationSource.text)
        XCTAssertEqual(try enumFindings(text), [])
        let renamed = CheckHarness.plant("case qaAnswer = \"qa_answer\"", "case qaReply", in: text)
        let findings = try enumFindings(renamed)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "NotificationType: Codable", in: renamed, file: path),
                                                  CheckHarness.location(of: "qaReply", in: renamed, file: path)])
        XCTAssertEqual(findings.first?.fix, "case qaAnswer")
    }
}
