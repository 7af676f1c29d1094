import ContractsCore

/// Registries built in code, so the emitter's unit tests do not depend on the YAML loader.
enum SwiftTestRegistries {
    static let here = SourceLocation(file: "registry.yaml", line: 1, column: 1)

    /// The driver app (seed 001) as `Tests/Fixtures/driver-app/registry.yaml` declares it: no badges,
    /// no URL scheme, a `default` case that needs backticks.
    static var driverApp: Registry {
        func value(_ raw: String, _ icon: String, _ canBeDisabled: Bool, _ preference: String?, _ links: [String])
            -> NotificationTypeValue {
            NotificationTypeValue(raw: raw, swiftCase: Identifiers.camelCase(raw), icon: icon, canBeDisabled: canBeDisabled,
                                  preferenceKey: preference, badge: nil, deepLinks: links, location: here)
        }
        func param(_ name: String, _ type: ScalarType, _ key: String, optional: Bool = false) -> DeepLinkParam {
            DeepLinkParam(name: name, type: type, payloadKey: key, optional: optional, location: here)
        }
        func field(_ key: String, _ type: FieldType, _ defaultValue: DefaultValue? = nil, optional: Bool = false)
            -> PayloadField {
            PayloadField(key: key, swiftName: Identifiers.camelCase(key), type: type, defaultValue: defaultValue,
                         optional: optional, allowedValues: nil, location: here)
        }
        let types = NotificationTypeSet(
            swiftEnum: "DriverNotificationKind", typescriptConst: "DRIVER_NOTIFICATION_KINDS",
            typescriptType: "DriverNotificationKind", payloadKey: "notification_type",
            sql: SQLConstraintTarget(schema: "public", table: "driver_notifications", column: "kind",
                                     constraint: "driver_notifications_kind_check", location: here),
            fallback: "unknown", swiftProperties: AttributeProperties(),
            values: [
                value("trip_assigned", "car.fill", false, nil, ["trip"]),
                value("trip_status_changed", "arrow.triangle.2.circlepath", true, "status_updates", ["trip"]),
                value("order_ready", "shippingbox.fill", true, "orders", ["order", "trip"]),
                value("urgent_alert", "exclamationmark.triangle.fill", false, nil, ["urgentAlert"]),
                value("default", "bell", true, nil, []),
                value("unknown", "questionmark.circle", true, nil, []),
            ],
            location: here)
        let links = DeepLinkSet(
            swiftEnum: "DriverRoute", urlScheme: nil, linkKey: "route",
            cases: [
                DeepLinkCase(name: "trip", params: [param("tripId", .uuid, "trip_id")], location: here),
                DeepLinkCase(name: "order", params: [param("orderId", .uuid, "order_id"),
                                                     param("stopIndex", .int, "stop_index", optional: true)],
                             location: here),
                DeepLinkCase(name: "urgentAlert", params: [param("message", .string, "message")], location: here),
                DeepLinkCase(name: "inbox", params: [], location: here),
            ],
            location: here)
        let payloads = [
            PayloadShape(name: "UnreadSummary", typeName: "UnreadSummary", rpc: "driver_unread_summary", fields: [
                field("unread_total", .scalar(.int), .int(0)),
                field("latest_at", .scalar(.timestamp), optional: true),
                field("trips", .array(.payload("TripUnread")), .emptyArray),
            ], location: here),
            PayloadShape(name: "TripUnread", typeName: "TripUnread", rpc: nil, fields: [
                field("trip_id", .scalar(.uuid)),
                field("unread", .scalar(.int), .int(0)),
                field("is_urgent", .scalar(.bool), .bool(false)),
            ], location: here),
        ]
        return Registry(
            file: "registry.yaml", version: 1, notificationTypes: types, badges: nil, deepLinks: links,
            payloads: payloads, emitters: Emitters(),
            migrations: [MigrationFolder(dir: "supabase/migrations", scheme: .timestamp, location: here)],
            sources: SourceGlobs(swift: ["VroomXDriver/**/*.swift"], typescript: ["supabase/functions/**/*.ts"]),
            outputs: OutputPaths(swift: "VroomXDriver/Generated", typescript: "supabase/functions/_shared/generated",
                                 sql: "supabase/migrations"),
            ruleSeverities: [:], baseline: ".naars-baseline.json", location: here)
    }

    /// The driver app stretched over what the real registries leave out: badges, a URL scheme, no fallback,
    /// keyword names in deep links and payloads, and every scalar type as a deep-link parameter.
    static var everyFeature: Registry {
        var registry = driverApp
        registry.badges = BadgeSet(swiftEnum: "Tab", cases: ["trips", "town_hall"], location: here)
        registry.notificationTypes!.swiftProperties.badge = "tab"
        registry.notificationTypes!.values[0].badge = "town_hall"
        registry.notificationTypes!.fallback = nil
        registry.notificationTypes!.values[4].deepLinks = ["stop", "default"]
        registry.deepLinks?.urlScheme = "VroomX"
        registry.deepLinks?.cases[2].params[0].name = "in"
        registry.deepLinks?.cases[3].name = "default"
        registry.deepLinks?.cases.append(DeepLinkCase(name: "stop", params: [
            DeepLinkParam(name: "index", type: .int, payloadKey: "index", optional: false, location: here),
            DeepLinkParam(name: "weight", type: .double, payloadKey: "weight", optional: false, location: here),
            DeepLinkParam(name: "fragile", type: .bool, payloadKey: "fragile", optional: false, location: here),
            DeepLinkParam(name: "at", type: .timestamp, payloadKey: "at", optional: true, location: here),
        ], location: here))
        registry.payloads[1].fields[1].swiftName = "repeat"
        registry.payloads[1].fields.append(PayloadField(
            key: "stop_kind", swiftName: "stopKind", type: .scalar(.string), defaultValue: .string("drop_off"),
            optional: false, allowedValues: ["pick_up", "drop_off"], location: here))
        registry.payloads[1].fields.append(PayloadField(
            key: "weights", swiftName: "weights", type: .array(.scalar(.double)), defaultValue: nil,
            optional: true, allowedValues: nil, location: here))
        // Keys that spell Swift keywords (`self` alone is refused by the registry decoder): each compiles backticked.
        for key in ["init", "super", "protocol", "true", "default", "throws", "is", "let"] {
            registry.payloads[1].fields.append(PayloadField(
                key: key, swiftName: key, type: .scalar(.int), defaultValue: .int(0),
                optional: false, allowedValues: nil, location: here))
        }
        // A string default with `$`, `'`, a backtick and what looks like an interpolation: the literal keeps them as text.
        registry.payloads[1].fields.append(PayloadField(
            key: "note", swiftName: "note", type: .scalar(.string), defaultValue: .string("it's $5 `now` \\(x)"),
            optional: false, allowedValues: nil, location: here))
        return registry
    }
}
