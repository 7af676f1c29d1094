import ContractsCore
import Foundation

/// Hand-built registries and trees for the SQL reader's tests.
enum SQLTestRegistry {
    static let here = SourceLocation(file: "registry.yaml", line: 1, column: 1)
    static let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3), location: here)
    static let supabase = MigrationFolder(dir: "supabase/migrations", scheme: .timestamp,
                                          location: SourceLocation(file: "registry.yaml", line: 2, column: 1))

    static func make(
        values: [String], folders: [MigrationFolder] = [database, supabase],
        payloads: [PayloadShape] = [], emitters: [FunctionEmitter] = [], retired: [String] = []
    ) -> Registry {
        let types = NotificationTypeSet(
            swiftEnum: "NotificationType", typescriptConst: "NOTIFICATION_TYPES", typescriptType: "NotificationType",
            payloadKey: "type",
            sql: SQLConstraintTarget(schema: "public", table: "notifications", column: "type",
                                     constraint: "valid_notification_type",
                                     location: SourceLocation(file: "registry.yaml", line: 9, column: 3)),
            fallback: nil, swiftProperties: AttributeProperties(),
            values: values.map {
                NotificationTypeValue(raw: $0, swiftCase: Identifiers.camelCase($0), icon: nil, canBeDisabled: true,
                                      preferenceKey: nil, badge: nil, deepLinks: [], location: here)
            },
            location: SourceLocation(file: "registry.yaml", line: 6, column: 1),
            retired: retired.map { RetiredValue(raw: $0, location: SourceLocation(file: "registry.yaml", line: 7, column: 3)) })
        return Registry(
            file: "registry.yaml", version: 1, notificationTypes: types, badges: nil, deepLinks: nil, payloads: payloads,
            emitters: Emitters(sql: emitters), migrations: folders, sources: SourceGlobs(),
            outputs: OutputPaths(swift: "generated/Swift", typescript: "generated/ts", sql: nil),
            ruleSeverities: [:], baseline: ".naars-baseline.json", location: here)
    }

    /// A payload of int fields; those in `optional` are `optional: true`.
    static func payload(_ name: String, rpc: String?, keys: [String], optional: Set<String> = []) -> PayloadShape {
        PayloadShape(name: name, typeName: name, rpc: rpc, fields: keys.map {
            PayloadField(key: $0, swiftName: Identifiers.camelCase($0), type: .scalar(.int), defaultValue: nil,
                         optional: optional.contains($0), allowedValues: nil, location: here)
        }, location: SourceLocation(file: "registry.yaml", line: 40, column: 3))
    }

    /// A context over in-memory migrations (`database/001_x.sql` → SQL).
    static func context(_ files: [String: String], values: [String] = ["message", "other"],
                        payloads: [PayloadShape] = [], emitters: [FunctionEmitter] = [], retired: [String] = []) -> CheckContext {
        CheckContext(registry: make(values: values, payloads: payloads, emitters: emitters, retired: retired),
                     tree: MemoryTree(text: files))
    }

    /// The checked-in fixture history `name` (`history-messy`).
    static func fixture(_ name: String) throws -> DiskTree {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw FileTreeError(path: name, reason: "fixture missing")
        }
        return DiskTree(root: url)
    }
}
