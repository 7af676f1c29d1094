/// Registries for the breaking-change rules' examples: the shape of `RuleExample.baseRegistry`, with the parts a
/// change touches as parameters. Keys may carry the `↓` marker (`valuesKey: "↓values:"`); a value is a
/// YAML list item (`message`, or `↓{ raw: ride_updated, case: rideUpdate }`).
enum BreakingExamples {
    static func registry(values: [String], retired: [String]? = nil, fallback: String? = nil,
                         valuesKey: String = "values:", retiredKey: String = "retired:", fallbackKey: String = "fallback:",
                         adding extra: String = "") -> String {
        var lines = [
            "version: 1",
            "notification_types:",
            "  swift_enum: NotificationType",
            "  typescript_const: NOTIFICATION_TYPES",
            "  payload_key: type",
            "  sql: { table: public.notifications, column: type, constraint: valid_notification_type }",
        ]
        if let fallback { lines.append("  \(fallbackKey) \(fallback)") }
        lines.append("  \(valuesKey)")
        lines += values.map { $0.contains(":") ? "    - \($0)" : "    - raw: \($0)" }
        if let retired { lines.append("  \(retiredKey) [\(retired.joined(separator: ", "))]") }
        lines += [
            "migrations:",
            "  - { dir: database, scheme: sequential, width: 3 }",
            "sources:",
            "  swift: [\"App/**/*.swift\"]",
            "  typescript: [\"supabase/functions/**/*.ts\"]",
            "outputs:",
            "  swift: App/Generated",
            "  typescript: supabase/functions/_shared/generated",
        ]
        return lines.joined(separator: "\n") + "\n" + extra
    }

    /// `enums:` with one shared enum, ChatRoomStatus on `public.chat_rooms.status`, to add to `registry(...)`'s
    /// text (`adding:`). Keys and values may carry the `↓` marker as in `registry`; `sql` replaces the column.
    static func chatRoomStatus(values: [String], retired: [String]? = nil, fallback: String? = nil, name: String = "ChatRoomStatus",
                               sql: String = "{ table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }",
                               valuesKey: String = "values:", retiredKey: String = "retired:",
                               fallbackKey: String = "fallback:") -> String {
        var lines = ["enums:", "  \(name):", "    swift_enum: ChatRoomStatus", "    sql: \(sql)"]
        if let fallback { lines.append("    \(fallbackKey) \(fallback)") }
        lines.append("    \(valuesKey)")
        lines += values.map { "      - \($0)" }
        if let retired { lines.append("    \(retiredKey) [\(retired.joined(separator: ", "))]") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The notification types every shared-enum example keeps unchanged beside its `enums:`.
    static func withChatRoomStatus(_ enums: String) -> String {
        registry(values: ["message", "ride_update"], adding: enums)
    }

    /// A second shared enum, InviteStatus (TypeScript and SQL only), to follow `chatRoomStatus(...)` under `enums:`.
    static let inviteStatus = """
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted]

        """

    /// `deep_links:` with one `ride` case reading `ride_id`, as the rules' examples start from.
    static let rideLink = """
        deep_links:
          swift_enum: DeepLink
          cases:
            - name: ride
              params:
                - { name: id, type: uuid, payload_key: ride_id }
            - name: profile
              params:
                - { name: userId, type: uuid, payload_key: user_id, optional: true }

        """

    /// `payloads:` with one `BadgeCounts` payload, as the rules' examples start from.
    static let badgeCounts = """
        payloads:
          BadgeCounts:
            rpc: get_badge_counts
            fields:
              messages_total: int
              rides_total: { type: int, default: 0 }
              label: { type: string, optional: true }

        """
}
