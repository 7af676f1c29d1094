import ContractsCore
import ContractsMigrations

/// A hand-built registry for migration tests (the loader is exercised by its own tests).
enum TestRegistry {
    static func make(
        migrations: [MigrationFolder], sqlOutput: String? = nil, values: [String] = ["message", "other"],
        ruleSeverities: [String: RuleSeverity] = [:]
    ) -> Registry {
        let here = SourceLocation(file: "registry.yaml", line: 1, column: 1)
        let set = NotificationTypeSet(
            swiftEnum: "NotificationType", typescriptConst: "NOTIFICATION_TYPES", typescriptType: "NotificationType",
            payloadKey: "type",
            sql: SQLConstraintTarget(schema: "public", table: "notifications", column: "type",
                                     constraint: "valid_notification_type", location: here),
            fallback: nil, swiftProperties: AttributeProperties(),
            values: values.map {
                NotificationTypeValue(raw: $0, swiftCase: Identifiers.camelCase($0), icon: nil, canBeDisabled: true,
                                      preferenceKey: nil, badge: nil, deepLinks: [], location: here)
            },
            location: here
        )
        return Registry(
            file: "registry.yaml", version: 1, notificationTypes: set, badges: nil, deepLinks: nil, payloads: [],
            emitters: Emitters(), migrations: migrations, sources: SourceGlobs(),
            outputs: OutputPaths(swift: "generated/Swift", typescript: "generated/ts", sql: sqlOutput),
            ruleSeverities: ruleSeverities, baseline: ".naars-baseline.json", location: here
        )
    }
}
