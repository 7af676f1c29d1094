@testable import ContractsCore
import Foundation
import XCTest

/// `RegistryDigest` renders the registry by hand (`DigestCanonical`); generated files in every project carry its
/// digest, so the text of every registry stays as it was (`RegistryDigestSnapshotTests`), and the rendering must not
/// fall behind when the model grows.
final class RegistryDigestTests: XCTestCase {
    /// Later fields back at their defaults drop out of the digest, as in the reflective walk.
    func testLaterFieldsAtTheirDefaultsAreLeftOut() {
        var registry = Self.everything()
        registry.notificationTypes!.attributes = []
        registry.notificationTypes!.retired = []
        registry.notificationTypes!.sql!.enumType = nil
        registry.notificationTypes!.values = registry.notificationTypes!.values.map {
            var value = $0
            value.scope = .all
            value.attributeValues = [:]
            return value
        }
        registry.outputs.swiftAccess = .public
        registry.enums = []
        let text = RegistryDigest.canonicalText(registry)
        for label in ["attributes=", "retired=", "enumType=", "scope=", "attributeValues=", "swiftAccess=", "enums="] {
            XCTAssertFalse(text.contains(label), label)
        }
    }

    /// A generated file's digest is of what it is made from: a shared enum's files change with that enum only (and
    /// its Swift with the access level), the notification enum's, deep links' and payloads' files with everything but
    /// the other enums, and for a registry without them that is the registry-wide digest they always carried.
    func testEachFilesDigestIsOfWhatItIsMadeFrom() {
        var registry = Self.everything()
        registry.outputs.swiftAccess = .public
        XCTAssertEqual(registry.enums.map(\.name), ["ChatRoomStatus", "Plan"])
        let digests = { (r: Registry) in
            [RegistryDigest.ofContract(r)] + r.enums.flatMap {
                [RegistryDigest.of(sharedEnum: $0, in: r, swift: true), RegistryDigest.of(sharedEnum: $0, in: r, swift: false)]
            }
        }
        let before = digests(registry)
        XCTAssertEqual(Set(before).count, 3, "the Swift and the TypeScript of an enum carry one digest while access is public")

        var statusEdited = registry
        statusEdited.enums[0].values.removeLast()
        XCTAssertEqual(digests(statusEdited).enumerated().filter { $0.element != before[$0.offset] }.map(\.offset), [1, 2],
                       "only ChatRoomStatus's files")

        var notificationEdited = registry
        notificationEdited.notificationTypes!.values.removeLast()
        XCTAssertEqual(digests(notificationEdited).enumerated().filter { $0.element != before[$0.offset] }.map(\.offset), [0],
                       "only the contract's files")

        var internalAccess = registry
        internalAccess.outputs.swiftAccess = .internal
        XCTAssertEqual(digests(internalAccess).enumerated().filter { $0.element != before[$0.offset] }.map(\.offset), [0, 1, 3],
                       "the contract's files and every enum's Swift")

        var withoutEnums = registry
        withoutEnums.enums = []
        XCTAssertEqual(RegistryDigest.ofContract(withoutEnums), RegistryDigest.of(withoutEnums))
        XCTAssertEqual(RegistryDigest.ofContract(registry), RegistryDigest.of(withoutEnums))
        XCTAssertNotEqual(RegistryDigest.of(registry), RegistryDigest.of(withoutEnums))
    }

    /// Every struct the digest renders lists all its stored properties, in declaration order: a property added to
    /// the model without a place in `digestFields` fails here instead of silently leaving the digest. `Registry`
    /// lists only what the emitters read; everything else must be named in `unreadByEmitters` or `outsideDigest`.
    func testEveryStoredPropertyHasAPlaceInTheRendering() {
        let registry = Self.everything()
        // The one list of enums and the contract render as the shorthand's view of the notification enum
        // (`notificationTypes`, in its place) and the other enums (`enums`, a later field, last): every digest a
        // generated file carries stays what it was.
        var labels = Mirror(reflecting: registry).children.compactMap(\.label)
        XCTAssertEqual(labels.filter { ["allEnums", "notificationContract"].contains($0) }, ["allEnums", "notificationContract"])
        labels = labels.flatMap { $0 == "allEnums" ? ["notificationTypes"] : $0 == "notificationContract" ? [] : [$0] } + ["enums"]
        XCTAssertEqual(registry.digestFields.map(\.label),
                       labels.filter { !RegistryDigest.unreadByEmitters.contains($0) && !RegistryDigest.outsideDigest.contains($0) })
        XCTAssertTrue(RegistryDigest.unreadByEmitters.isSubset(of: labels))
        var checked: Set<String> = []
        var nestedLabels: Set<String> = []
        let rendered = Mirror(reflecting: registry).children.map { ($0.label ?? "", $0.value) }
            + [("notificationTypes", registry.notificationTypes as Any), ("enums", registry.enums as Any)]
        for (label, value) in rendered where registry.digestFields.contains(where: { $0.label == label }) {
            checkRecords(in: value, checked: &checked, labels: &nestedLabels)
        }
        // `outsideDigest` names fields of `Registry` and of the structs it renders (`generatesSwift`).
        XCTAssertTrue(RegistryDigest.outsideDigest.isSubset(of: nestedLabels.union(labels)))
        XCTAssertEqual(checked, [
            "NotificationTypeSet", "SharedEnum", "SharedEnumSQL", "SQLColumn", "SQLTypeName", "SharedEnumValue",
            "RetiredValue", "CustomAttribute", "AttributeProperties", "BadgeSet", "DeepLinkSet", "DeepLinkCase",
            "DeepLinkParam", "PayloadShape", "PayloadField", "OutputPaths",
        ])
    }

    /// Walks a value with `Mirror`, comparing each struct's stored-property labels with its `digestFields`.
    private func checkRecords(in value: Any, checked: inout Set<String>, labels: inout Set<String>) {
        if value is SourceLocation || value is String { return }
        // The notification enum renders through its view, under the shorthand's names: every stored property of the
        // enum and of the contract has a place there, but the enum's name and the contract's (the same name).
        if let view = value as? NotificationTypeSet {
            let stored = Set(Mirror(reflecting: view.sharedEnum).children.compactMap(\.label))
                .union(Mirror(reflecting: view.contract).children.compactMap(\.label))
            XCTAssertEqual(Set(view.digestFields.map(\.label)), stored.subtracting(["name", "enumName", "entry"]), "NotificationTypeSet")
            labels.formUnion(view.digestFields.map(\.label))
            checked.insert("NotificationTypeSet")
            checkRecords(in: view.sharedEnum.sql, checked: &checked, labels: &labels)
            for child in Mirror(reflecting: view.sharedEnum).children where child.label != "sql" {
                checkRecords(in: child.value, checked: &checked, labels: &labels)
            }
            checkRecords(in: view.contract.swiftProperties, checked: &checked, labels: &labels)
            return
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .struct {
            let name = String(describing: type(of: value))
            guard let record = value as? any DigestRecord else {
                XCTFail("\(name) is in the digest but is no DigestRecord")
                return
            }
            XCTAssertEqual(record.digestFields.map(\.label), mirror.children.compactMap(\.label), name)
            labels.formUnion(record.digestFields.map(\.label))
            checked.insert(name)
        }
        for child in mirror.children { checkRecords(in: child.value, checked: &checked, labels: &labels) }
    }

    /// A registry with every field the digest reads set, and set away from its default where it has one.
    static func everything() -> Registry {
        let at = SourceLocation(file: "registry.yaml", line: 3, column: 7)
        let values = [
            NotificationTypeValue(
                raw: "ride_claimed", swiftCase: "rideClaimed", icon: "car.fill", canBeDisabled: true,
                preferenceKey: "rides", badge: "requests", deepLinks: ["ride", "favor"], location: at, scope: .app,
                attributeValues: ["entity_id_key": .string("ride_id"), "sorts_first": .bool(true), "weight": .int(-3),
                                  "quote\"d": .null, "émoji 🚗": .string("tab\there\nnewline \\ back")]),
            NotificationTypeValue(
                raw: "server_only", swiftCase: "serverOnly", icon: nil, canBeDisabled: false, preferenceKey: nil,
                badge: nil, deepLinks: [], location: at, scope: .server, attributeValues: ["weight": .int(0)]),
            NotificationTypeValue(
                raw: "plain", swiftCase: "plain", icon: "", canBeDisabled: false, preferenceKey: "", badge: "",
                deepLinks: [], location: at),
        ]
        let types = NotificationTypeSet(
            swiftEnum: "NotificationType", typescriptConst: "NOTIFICATION_TYPES", typescriptType: "NotificationType",
            payloadKey: "type",
            sql: SQLConstraintTarget(schema: "public", table: "notifications", column: "type", constraint: "valid_type",
                                     location: at, enumType: SQLTypeName(schema: "app", name: "notification_kind")),
            fallback: "other",
            swiftProperties: AttributeProperties(icon: "symbol", canBeDisabled: "optional", preferenceKey: "pref", badge: "tab"),
            values: values, location: at,
            attributes: [
                CustomAttribute(key: "entity_id_key", swiftProperty: "entityIdKey", type: .string, location: at),
                CustomAttribute(key: "sorts_first", swiftProperty: "sortsFirst", type: .bool, location: at),
                CustomAttribute(key: "weight", swiftProperty: "weight", type: .int, location: at),
            ],
            retired: [RetiredValue(raw: "gone", location: at), RetiredValue(raw: "older", location: at)])
        let deepLinks = DeepLinkSet(
            swiftEnum: "DeepLink", urlScheme: "naarscars", linkKey: "deep_link",
            cases: [
                DeepLinkCase(name: "ride", params: [
                    DeepLinkParam(name: "id", type: .uuid, payloadKey: "ride_id", optional: false, location: at),
                    DeepLinkParam(name: "seat", type: .int, payloadKey: "seat", optional: true, location: at),
                    DeepLinkParam(name: "price", type: .double, payloadKey: "price", optional: false, location: at),
                    DeepLinkParam(name: "paid", type: .bool, payloadKey: "paid", optional: true, location: at),
                    DeepLinkParam(name: "at", type: .timestamp, payloadKey: "at", optional: false, location: at),
                    DeepLinkParam(name: "note", type: .string, payloadKey: "note", optional: true, location: at),
                ], location: at),
                DeepLinkCase(name: "home", params: [], location: at),
            ],
            location: at)
        let fields = [
            PayloadField(key: "a", swiftName: "a", type: .scalar(.int), defaultValue: .int(0), optional: false,
                         allowedValues: nil, location: at),
            PayloadField(key: "b", swiftName: "b", type: .scalar(.double), defaultValue: .double(0.5), optional: true,
                         allowedValues: nil, location: at),
            PayloadField(key: "c", swiftName: "c", type: .scalar(.double), defaultValue: .double(1e-7), optional: false,
                         allowedValues: nil, location: at),
            PayloadField(key: "d", swiftName: "d", type: .scalar(.double), defaultValue: .double(-12345678901234.0),
                         optional: false, allowedValues: nil, location: at),
            PayloadField(key: "e", swiftName: "e", type: .scalar(.bool), defaultValue: .bool(false), optional: false,
                         allowedValues: nil, location: at),
            PayloadField(key: "f", swiftName: "f", type: .scalar(.string), defaultValue: .string("ride\"s \u{1F697}"),
                         optional: false, allowedValues: ["ride", "favor", ""], location: at),
            PayloadField(key: "g", swiftName: "g", type: .array(.array(.payload("Inner"))), defaultValue: .emptyArray,
                         optional: false, allowedValues: [], location: at),
            PayloadField(key: "h", swiftName: "h", type: .payload("Inner"), defaultValue: nil, optional: true,
                         allowedValues: nil, location: at),
            PayloadField(key: "i", swiftName: "i", type: .scalar(.uuid), defaultValue: .int(Int.min), optional: false,
                         allowedValues: nil, location: at),
            PayloadField(key: "j", swiftName: "j", type: .scalar(.timestamp), defaultValue: .double(1e300),
                         optional: false, allowedValues: nil, location: at),
        ]
        return Registry(
            file: "registry.yaml", version: 1, notificationTypes: types,
            badges: BadgeSet(swiftEnum: "BadgeTab", cases: ["requests", "messages"], location: at),
            deepLinks: deepLinks,
            payloads: [
                PayloadShape(name: "Outer", typeName: "OuterPayload", rpc: "get_outer", fields: fields, location: at),
                PayloadShape(name: "Inner", typeName: "Inner", rpc: nil, fields: [], location: at),
            ],
            emitters: Emitters(sql: [FunctionEmitter(function: "notify", argument: 2, location: at)],
                               swift: [FunctionEmitter(function: "send", argument: nil, location: at, label: "kind")]),
            migrations: [MigrationFolder(dir: "database", scheme: .sequential(width: 3), location: at),
                         MigrationFolder(dir: "supabase/migrations", scheme: .timestamp, location: at)],
            sources: SourceGlobs(swift: ["App/**/*.swift"], typescript: ["functions/**/*.ts"], exclude: ["x"]),
            outputs: OutputPaths(swift: "Generated/Swift", typescript: "Generated/ts", sql: "database", swiftAccess: .internal),
            ruleSeverities: [:], baseline: ".naars-contracts-baseline.json", location: at,
            pushKeys: [PushKey(key: "message_id", type: .uuid, optional: true, types: ["ride_claimed"], location: at)],
            acceptBreaking: [AcceptedBreak(rule: "breaking-value-removed", value: "gone", reason: "old", location: at)],
            keyLocations: RegistryKeyLocations(["notification_types.values": at]),
            enums: [
                SharedEnum(name: "ChatRoomStatus", swiftEnum: "ChatRoomStatus", typescriptType: "ChatRoomStatus",
                           typescriptConst: "CHAT_ROOM_STATUSES",
                           sql: SharedEnumSQL(columns: [SQLColumn(schema: "public", table: "rooms", column: "status",
                                                                  constraint: "rooms_status_check", location: at),
                                                        SQLColumn(schema: "app", table: "events", column: "new_status",
                                                                  constraint: nil, location: at)]),
                           fallback: "unknown",
                           values: [SharedEnumValue(raw: "active", swiftCase: "active", location: at),
                                    SharedEnumValue(raw: "not-going", swiftCase: "notGoing", location: at),
                                    SharedEnumValue(raw: "unknown", swiftCase: "unknown", location: at)],
                           retired: [RetiredValue(raw: "closed", location: at)], location: at),
                SharedEnum(name: "Plan", swiftEnum: nil, typescriptType: "Plan", typescriptConst: nil,
                           sql: SharedEnumSQL(enumType: SQLTypeName(schema: "public", name: "plan")), fallback: nil,
                           values: [SharedEnumValue(raw: "free", swiftCase: "free", location: at)], retired: [], location: at),
            ])
    }

    /// The full registry with its optional parts missing or emptied one at a time.
    static func variants(of registry: Registry) -> [Registry] {
        var variants: [Registry] = []
        var change = registry
        change.badges = nil
        variants.append(change)
        change = registry
        change.deepLinks = nil
        variants.append(change)
        change = registry
        change.deepLinks?.urlScheme = nil
        change.deepLinks?.cases = []
        variants.append(change)
        change = registry
        change.payloads = []
        variants.append(change)
        change = registry
        change.notificationTypes!.fallback = nil
        change.notificationTypes!.sql!.constraint = nil
        change.notificationTypes!.values = []
        variants.append(change)
        change = registry
        change.version = 2
        change.outputs.swiftAccess = .public
        variants.append(change)
        return variants
    }
}
