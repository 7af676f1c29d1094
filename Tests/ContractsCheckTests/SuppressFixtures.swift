import ContractsCore

/// A minimal registry and findings for the suppression tests (built by hand: the tests are about the
/// `rules:` and `baseline` settings only).
enum SuppressFixtures {
    static func registry(rules: [String: RuleSeverity] = [:]) -> Registry {
        let at = SourceLocation(file: "registry.yaml", line: 1, column: 1)
        let types = NotificationTypeSet(
            swiftEnum: "NotificationType", typescriptConst: "NOTIFICATION_TYPES", typescriptType: "NotificationType",
            payloadKey: "type",
            sql: SQLConstraintTarget(schema: "public", table: "notifications", column: "type",
                                     constraint: "valid_notification_type", location: at),
            fallback: nil, swiftProperties: AttributeProperties(), values: [], location: at)
        return Registry(
            file: "registry.yaml", version: 1, notificationTypes: types, badges: nil, deepLinks: nil, payloads: [],
            emitters: Emitters(), migrations: [], sources: SourceGlobs(),
            outputs: OutputPaths(swift: "generated/Swift", typescript: "supabase/functions/_shared", sql: nil),
            ruleSeverities: rules, baseline: ".naars-contracts-baseline.json", location: at)
    }

    static func finding(_ rule: String, _ file: String, line: Int, column: Int = 1, message: String = "drift",
                        severity: Severity = .error) -> Finding {
        Finding(ruleID: rule, severity: severity, message: message,
                location: SourceLocation(file: file, line: line, column: column))
    }
}
