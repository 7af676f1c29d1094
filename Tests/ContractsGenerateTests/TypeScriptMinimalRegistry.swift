import ContractsCore
import ContractsGenerate

/// A third, smallest registry: short names (single-line layouts), no fallback, no deep links, one payload
/// with a long list of allowed strings, an array of strings and a double. It exercises the branches the two
/// app registries miss.
enum TypeScriptMinimalRegistry {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: Kind
          typescript_const: KINDS
          sql: { table: events, column: kind, constraint: events_kind_check }
          values:
            - { raw: ping, icon: bell, can_be_disabled: true }
            - { raw: pong, icon: bell, can_be_disabled: false }
        payloads:
          Stats:
            type_name: Stats
            fields:
              ratio: { type: double, default: 0.5 }
              tags: { type: "[string]", default: [] }
              heat: { type: string, enum: [hot, cold, warm, lukewarm, scalding, freezing, tepid], optional: true }
              seen: { type: bool, optional: true }
        migrations:
          - { dir: migrations, scheme: timestamp }
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    static func registry() throws -> Registry { try RegistryLoader.load(text: yaml, file: "registry.yaml") }

    static func emit() throws -> [GeneratedFile] {
        let registry = try registry()
        return TypeScriptEmitter.emit(registry)
    }
}
