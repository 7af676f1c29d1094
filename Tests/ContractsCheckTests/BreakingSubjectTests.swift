import ContractsBreaking
import ContractsCore
import XCTest

/// What each breaking change is about, as data: the value, deep-link parameter, payload field or fallback that
/// changed since the ref (the JSON report's `subject`, and the baseline's identity of the finding).
final class BreakingSubjectTests: XCTestCase {
    func testEachBreakingChangeNamesWhatChanged() throws {
        let ref = BreakingAgainstTests.registry
        let working = ref
            .replacingOccurrences(of: "    - raw: favor_update\n", with: "")
            .replacingOccurrences(of: "    - raw: ride_update\n", with: "    - raw: ride_updated\n      case: rideUpdate\n")
            .replacingOccurrences(of: "  fallback: other\n", with: "  fallback: message\n")
            .replacingOccurrences(of: "        - { name: messageId, type: uuid, payload_key: message_id, optional: true }\n", with: "")
            .replacingOccurrences(of: "      rides_total: { type: int, default: 0 }\n", with: "")
        XCTAssertNotEqual(working, ref)
        let facts = BreakingFacts(atRef: try RegistryLoader.load(text: ref, file: "registry.yaml"),
                                  working: try RegistryLoader.load(text: working, file: "registry.yaml"), ref: "base")
        let subjects = BreakingCheck.compare(facts).findings.map { "\($0.ruleID) \($0.subject.map { "\($0)" } ?? "none")" }
        XCTAssertEqual(Set(subjects), [
            #"breaking-type-removed enumValue(enumName: "NotificationType", value: "favor_update")"#,
            #"breaking-type-renamed enumValue(enumName: "NotificationType", value: "ride_update")"#,
            #"breaking-fallback-changed enumValue(enumName: "NotificationType", value: "other")"#,
            #"breaking-deeplink-changed deepLinkCase(name: "conversation", parameter: Optional("messageId"))"#,
            #"breaking-payload-changed payloadField(payload: "BadgeCounts", field: Optional("rides_total"))"#,
        ], subjects.joined(separator: "\n"))
    }
}
