import ContractsCore
import XCTest

/// `accept_breaking:` decodes into the model in both forms, its mistakes are located errors, and it never
/// changes the digest generated files carry.
final class AcceptBreakingKeyTests: XCTestCase {
    static let base = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          sql: { table: notifications, column: type, constraint: valid_type }
          fallback: other
          values:
            - raw: message
            - raw: other
        outputs: { swift: out/swift, typescript: out/ts }

        """

    func testBothFormsReachTheModel() throws {
        let registry = try RegistryLoader.load(text: Self.base + """
            accept_breaking:
              - breaking-fallback-changed
              - { rule: breaking-type-removed, value: ride_update, reason: "no app before 2.0" }

            """, file: "registry.yaml")
        XCTAssertEqual(registry.acceptBreaking, [
            AcceptedBreak(rule: "breaking-fallback-changed", value: nil, reason: nil,
                          location: SourceLocation(file: "registry.yaml", line: 11, column: 5)),
            AcceptedBreak(rule: "breaking-type-removed", value: "ride_update", reason: "no app before 2.0",
                          location: SourceLocation(file: "registry.yaml", line: 12, column: 5)),
        ])
        XCTAssertEqual(registry.keyLocations["notification_types.values"], SourceLocation(file: "registry.yaml", line: 6, column: 3))
        XCTAssertEqual(registry.keyLocations["notification_types.fallback"], SourceLocation(file: "registry.yaml", line: 5, column: 3))
        XCTAssertNil(registry.keyLocations["deep_links.cases"])
    }

    func testMistakesAreLocated() {
        let text = Self.base + """
            accept_breaking:
              - sql-constraint-drift
              - { rule: breaking-type-renamd, reason: x }
              - { value: message }
              - { rule: breaking-type-removed, valu: message }

            """
        XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml")) { error in
            let lines = (error as? RegistryErrors)?.errors.map(\.description) ?? []
            XCTAssertEqual(lines, [
                "registry.yaml:11:5: error: accept_breaking names 'sql-constraint-drift', which is not a breaking-change rule; "
                    + "one of breaking-type-removed, breaking-type-renamed, breaking-deeplink-changed, breaking-payload-changed, breaking-fallback-changed",
                "registry.yaml:12:13: error: accept_breaking names 'breaking-type-renamd', which is not a breaking-change rule; "
                    + "did you mean 'breaking-type-renamed'?",
                "registry.yaml:13:5: error: an accept_breaking entry needs 'rule'",
                "registry.yaml:14:36: error: unknown key 'valu' in an accept_breaking entry; did you mean 'value'?",
            ])
        }
    }

    /// Accepting a break changes no generated file, so it must not make them stale.
    func testTheDigestIgnoresIt() throws {
        let plain = try RegistryLoader.load(text: Self.base, file: "registry.yaml")
        let accepting = try RegistryLoader.load(text: Self.base + "accept_breaking: [breaking-fallback-changed]\n", file: "registry.yaml")
        XCTAssertNotEqual(plain, accepting)
        XCTAssertEqual(RegistryDigest.of(plain), RegistryDigest.of(accepting))
    }
}
