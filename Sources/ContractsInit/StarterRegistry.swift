/// The registry `init` writes when it finds no contract to start from: one example value to replace, the
/// folders it did find, and comments on each key.
enum StarterRegistry {
    static func text(_ draft: InitDraft) -> String {
        RegistryWriter.header + """
            # No notification types were found (no Swift enum of string raw values, no CHECK constraint or ENUM
            # type on a column): this is a starter. Replace the example value, then run `naars-contracts generate`.

            enums:
              NotificationType:
                swift_enum: NotificationType      # the Swift enum `generate` writes
                sql: { table: public.notifications, column: type }   # add `constraint: name` once a CHECK exists
                values:
                  - raw: example                  # replace with your first notification type
                    icon: bell.fill

            notifications:
              enum: NotificationType
              payload_key: type                   # the key that carries the raw value in push payloads and rows

            """ + RegistryWriter.layout(draft)
    }
}
