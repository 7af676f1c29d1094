import ContractsCore
import XCTest
@testable import ContractsGenerate

/// What the Swift emitter writes, checked on registries built in code.
final class SwiftEmitterTests: XCTestCase {
    private func emit(_ registry: Registry = SwiftTestRegistries.driverApp) -> [String: String] {
        Dictionary(uniqueKeysWithValues: SwiftEmitter.emit(registry, digest: "d1").map { ($0.path, $0.contents) })
    }

    func testOneFilePerConcernUnderTheOutputFolder() {
        XCTAssertEqual(SwiftEmitter.emit(SwiftTestRegistries.driverApp, digest: "d1").map(\.path), [
            "VroomXDriver/Generated/DriverNotificationKind.swift",
            "VroomXDriver/Generated/DriverRoute.swift",
            "VroomXDriver/Generated/Payloads.swift",
        ])
    }

    func testBadgeEnumGetsItsOwnFileAndProperty() throws {
        var registry = SwiftTestRegistries.driverApp
        registry.badges = BadgeSet(swiftEnum: "Tab", cases: ["trips", "town_hall"], location: SwiftTestRegistries.here)
        registry.notificationTypes!.values[0].badge = "town_hall"
        registry.notificationTypes!.swiftProperties.badge = "tab"
        let files = emit(registry)
        let badges = try XCTUnwrap(files["VroomXDriver/Generated/Tab.swift"])
        XCTAssertTrue(badges.contains("public enum Tab: String, Codable, CaseIterable, Sendable {"))
        XCTAssertTrue(badges.contains(#"    case townHall = "town_hall""#))
        let kinds = try XCTUnwrap(files["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertTrue(kinds.contains("    public var tab: Tab? {"))
        XCTAssertTrue(kinds.contains("    case .tripAssigned: return .townHall"))
        XCTAssertTrue(kinds.contains("    case .tripStatusChanged: return nil"))
    }

    func testNoBadgePropertyWithoutBadges() throws {
        let kinds = try XCTUnwrap(emit()["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertFalse(kinds.contains("badgeTab"))
    }

    func testEveryFileStartsWithTheHeader() {
        let header = GeneratedHeader.text(comment: "//", registryFile: "registry.yaml", digest: "d1")
        for (path, contents) in emit() {
            XCTAssertTrue(contents.hasPrefix(header + "// swiftlint:disable all\n\nimport Foundation\n"), path)
            XCTAssertTrue(GeneratedHeader.isGenerated(contents), path)
            XCTAssertTrue(contents.hasSuffix("}\n"), path)
        }
    }

    func testKeywordCaseIsBacktickedEverywhere() throws {
        let kinds = try XCTUnwrap(emit()["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertTrue(kinds.contains("    case `default`\n"), "a raw value equal to the case name is left implicit")
        XCTAssertTrue(kinds.contains(#"    case .`default`: return "bell""#))
        XCTAssertFalse(kinds.contains(" default = "))
        XCTAssertFalse(kinds.contains("case .default:"))
    }

    func testKeywordNamesInDeepLinksAndPayloadsAreBackticked() throws {
        var registry = SwiftTestRegistries.driverApp
        registry.deepLinks?.cases[3].name = "default"
        registry.deepLinks?.cases[2].params[0].name = "in"
        registry.payloads[1].fields[1].swiftName = "repeat"
        let files = emit(registry)
        let routes = try XCTUnwrap(files["VroomXDriver/Generated/DriverRoute.swift"])
        XCTAssertTrue(routes.contains("    case `default`\n"))
        XCTAssertTrue(routes.contains("    case urgentAlert(in: String)\n"))
        XCTAssertTrue(routes.contains("    self = .urgentAlert(in: `in`)\n"))
        XCTAssertTrue(routes.contains(#"case .`default`: return "default""#))
        XCTAssertTrue(routes.contains("guard let `in` = DriverRoutePayloadValue.string(payload[\"message\"]) else { return nil }"))
        let payloads = try XCTUnwrap(files["VroomXDriver/Generated/Payloads.swift"])
        XCTAssertTrue(payloads.contains("public let `repeat`: Int"))
        XCTAssertTrue(payloads.contains("        repeat: Int = 0,\n"))
        XCTAssertTrue(payloads.contains("self.`repeat` = `repeat`\n"))
        XCTAssertTrue(payloads.contains(#"case `repeat` = "unread""#))
        XCTAssertTrue(payloads.contains("self.`repeat` = try container.decodeIfPresent(Int.self, forKey: .`repeat`) ?? 0"))
    }

    func testRawValuesAndLiteralsAreEscaped() throws {
        XCTAssertEqual(SwiftSpelling.stringLiteral(#"a "b" \c"#), #""a \"b\" \\c""#)
        XCTAssertEqual(SwiftSpelling.stringLiteral("line\nnext\t\u{1}"), #""line\nnext\t\u{1}""#)
        XCTAssertEqual(SwiftSpelling.stringLiteral("é✓"), "\"é✓\"")
        var registry = SwiftTestRegistries.driverApp
        registry.notificationTypes!.values[0].icon = #"weird"icon\"#
        let kinds = try XCTUnwrap(emit(registry)["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertTrue(kinds.contains(#"case .tripAssigned: return "weird\"icon\\""#))
    }

    func testCaseAndTypeNamesForRegistryStrings() {
        XCTAssertEqual(SwiftSpelling.caseName(for: "ride"), "ride")
        XCTAssertEqual(SwiftSpelling.caseName(for: "in-progress"), "inProgress")
        XCTAssertEqual(SwiftSpelling.caseName(for: "town_hall"), "townHall")
        XCTAssertEqual(SwiftSpelling.caseName(for: "default"), "`default`")
        XCTAssertEqual(SwiftSpelling.caseName(for: "1st"), "_1st")
        XCTAssertEqual(SwiftSpelling.typeName(forKey: "request_type"), "RequestType")
        XCTAssertEqual(SwiftSpelling.typeName(forKey: "type"), "`Type`")
    }

    func testMissingIconMakesTheIconOptional() throws {
        var registry = SwiftTestRegistries.driverApp
        registry.notificationTypes!.values[1].icon = nil
        let kinds = try XCTUnwrap(emit(registry)["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertTrue(kinds.contains("public var icon: String? {"))
        XCTAssertTrue(kinds.contains("case .tripStatusChanged: return nil"))
    }

    func testWithoutFallbackDecodingIsSynthesized() throws {
        var registry = SwiftTestRegistries.driverApp
        registry.notificationTypes!.fallback = nil
        let files = emit(registry)
        let kinds = try XCTUnwrap(files["VroomXDriver/Generated/DriverNotificationKind.swift"])
        XCTAssertFalse(kinds.contains("init(from decoder"))
        XCTAssertFalse(kinds.contains("serverValue"))
        let routes = try XCTUnwrap(files["VroomXDriver/Generated/DriverRoute.swift"])
        XCTAssertTrue(routes.contains("let type = DriverNotificationKind(rawValue: raw),"))
    }

    func testURLSupportOnlyWithAScheme() throws {
        XCTAssertFalse(try XCTUnwrap(emit()["VroomXDriver/Generated/DriverRoute.swift"]).contains("URLComponents"))
        var registry = SwiftTestRegistries.driverApp
        registry.deepLinks?.urlScheme = "vroomx"
        let routes = try XCTUnwrap(emit(registry)["VroomXDriver/Generated/DriverRoute.swift"])
        XCTAssertTrue(routes.contains(#"public static let urlScheme = "vroomx""#))
        XCTAssertTrue(routes.contains("public init?(url: URL) {"))
    }

    func testOnlyTheReadersInUseAreWritten() throws {
        let routes = try XCTUnwrap(emit()["VroomXDriver/Generated/DriverRoute.swift"])
        XCTAssertTrue(routes.contains("static func uuid("))
        XCTAssertTrue(routes.contains("static func int("))
        XCTAssertTrue(routes.contains("static func string("))
        XCTAssertFalse(routes.contains("static func bool("))
        XCTAssertFalse(routes.contains("static func double("))
    }

    func testPayloadFieldShapes() throws {
        var registry = SwiftTestRegistries.driverApp
        registry.payloads[1].fields.append(PayloadField(
            key: "stop_kind", swiftName: "stopKind", type: .scalar(.string), defaultValue: .string("drop_off"),
            optional: false, allowedValues: ["pick_up", "drop_off"], location: SwiftTestRegistries.here))
        let payloads = try XCTUnwrap(emit(registry)["VroomXDriver/Generated/Payloads.swift"])
        XCTAssertTrue(payloads.contains("    public enum StopKind: String, Decodable, Sendable {\n        case pickUp = \"pick_up\"\n"))
        XCTAssertTrue(payloads.contains("public let stopKind: StopKind\n"))
        XCTAssertTrue(payloads.contains("stopKind: StopKind = .dropOff\n"))
        XCTAssertTrue(payloads.contains("public let trips: [TripUnread]\n"))
        XCTAssertTrue(payloads.contains("public let latestAt: String?\n"))
        XCTAssertTrue(payloads.contains("self.latestAt = try container.decodeIfPresent(String.self, forKey: .latestAt)\n"))
        XCTAssertTrue(payloads.contains("self.tripId = try container.decode(UUID.self, forKey: .tripId)\n"))
        XCTAssertTrue(payloads.contains("self.trips = try container.decodeIfPresent([TripUnread].self, forKey: .trips) ?? []\n"))
    }

    func testDeterministic() {
        let first = SwiftEmitter.emit(SwiftTestRegistries.driverApp, digest: "d1")
        for _ in 0..<5 {
            XCTAssertEqual(SwiftEmitter.emit(SwiftTestRegistries.driverApp, digest: "d1"), first)
        }
        XCTAssertNotEqual(SwiftEmitter.emit(SwiftTestRegistries.driverApp, digest: "d2"), first)
    }
}
