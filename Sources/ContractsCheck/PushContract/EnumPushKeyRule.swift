import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource

/// `payload-shape-drift` (a push key read through the enum): `userInfo[type.entityIdKey]`, where `entityIdKey` is
/// a `switch self` property of the notification enum, reads for each type the key its arm returns. When the
/// edge functions send pushes of a type and none of them carries that key, the read is always nil.
///
/// Judged only where the sending side is known: a type some edge function sends with its type as a constant,
/// every push of it with keys that can all be seen, and no push of a computed type that sends the key or keys
/// that cannot be seen. A property the registry declares as an attribute is `swift-attribute-drift`'s to judge;
/// `nil` arms, arms that return no constant, keys APNs or the app itself writes, and keys a migration spells
/// (the database may build pushes too) are not judged.
enum EnumPushKeyRule {
    static func findings(_ facts: PushContractFacts) -> [Finding] {
        let registry = facts.registry
        guard let types = registry.notificationTypes, let enumName = types.swiftEnum else { return [] }
        let declared = PushReadReader.registryProperties(registry)
        let properties = Dictionary(grouping: facts.reads.flatMap(\.properties), by: \.name)
        let reads = Dictionary(grouping: facts.reads.flatMap(\.propertyReads), by: \.property)
        // A push of a computed type may be any type's: what it sends counts for all, and one whose keys cannot
        // be seen leaves every type unjudged.
        let anyType = facts.sends.filter { $0.typed && $0.types.isEmpty }
        guard !anyType.contains(where: \.open) else { return [] }
        let sentByAny = Set(anyType.flatMap(\.keys).map(\.key))
        let skipped = facts.serviceKeys.union(facts.appKeys)
        var out: [Finding] = []
        for name in reads.keys.sorted() where !declared.contains(name) {
            // Two declarations of one name (`#if`, or a mistake) leave it unknown which one runs.
            guard let found = properties[name], found.count == 1, let read = reads[name]?.first else { continue }
            let property = found[0]
            let listed = Set(property.arms.flatMap(\.cases))
            for arm in property.arms where arm.known {
                guard let key = arm.key, !skipped.contains(key), !sentByAny.contains(key) else { continue }
                let values = types.values.filter { value in
                    value.scope.inApp && (arm.isDefault ? !listed.contains(value.swiftCase) : arm.cases.contains(value.swiftCase))
                }
                let lacking = values.compactMap { value -> (NotificationTypeValue, [PushSend])? in
                    let pushes = facts.sends.filter { $0.types.contains(value.raw) }
                    guard !pushes.isEmpty, !pushes.contains(where: \.open),
                          !pushes.contains(where: { $0.keys.contains { $0.key == key } }) else { return nil }
                    return (value, pushes)
                }
                guard !lacking.isEmpty, !facts.databaseMaySend(key) else { continue }
                out.append(finding(enumName, property, arm, key, lacking, read: read, skipped: skipped))
            }
        }
        return out
    }

    private static func finding(_ enumName: String, _ property: PushReadSummary.EnumProperty, _ arm: PushReadSummary.EnumProperty.Arm,
                                _ key: String, _ lacking: [(NotificationTypeValue, [PushSend])],
                                read: PushReadSummary.PropertyRead, skipped: Set<String>) -> Finding {
        let cases = lacking.map { ".\($0.0.swiftCase)" }.joined(separator: ", ")
        let types = lacking.map { "'\($0.0.raw)'" }.joined(separator: ", ")
        // What every push of those types sends instead, and among it the key the arm most likely means.
        let sets = lacking.map { Set($0.1.flatMap(\.keys).map(\.key)) }
        let sentByAll = sets.dropFirst().reduce(sets[0]) { $0.intersection($1) }.subtracting(skipped)
        let intended = sentByAll.sorted().filter { $0.hasSuffix("_" + key) || key.hasSuffix("_" + $0) || TypeScriptSourceCheck.isNearMiss($0, key) }
        let sends = sentByAll.isEmpty ? "" : " (they send \(sentByAll.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
        let sender = lacking[0].1[0].location
        return Finding(
            .payloadShapeDrift,
            "\(enumName).\(property.name) is \"\(key)\" for \(cases), read as a push key at \(read.location), but no push of \(types) sends \"\(key)\"\(sends): the read is always nil",
            at: arm.location,
            fix: intended.count == 1 ? "return \"\(intended[0])\"" : "return the key the server sends, or send \"\(key)\"",
            related: [read.location, sender], subject: .pushKey(key: key))
    }
}

extension EnumPushKeyRule: DriftRule {
    static let rule = Rule.payloadShapeDrift

    static func source(_ key: String, read: String = "userInfo[type.entityIdKey]") -> [String: String] {
        ["App/Push/NotificationType+Keys.swift": """
            extension NotificationType {
                /// The push key that carries the id of what the notification is about.
                var entityIdKey: String? {
                    switch self {
                    case .rideUpdate: return \(key)
                    default: return nil
                    }
                }
            }
            """,
         "App/Push/PushRouter.swift": """
            import UserNotifications

            func entityID(_ userInfo: [AnyHashable: Any]) -> String? {
                guard let raw = userInfo["type"] as? String, let type = NotificationType(rawValue: raw) else { return nil }
                return \(read) as? String
            }
            """,
         "supabase/functions/ride-push/index.ts": """
            export function ridePush(rideId: string) {
              return { aps: { alert: { title: 'Ride updated' } }, type: 'ride_update', ride_id: rideId };
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓\"id\""))]
    static let nonTriggeringExamples = [
        RuleExample(source("\"ride_id\"")),
        // The same property as a key of something that is no push.
        RuleExample(source("\"id\"", read: "UserDefaults.standard.string(forKey: type.entityIdKey ?? \"\")")),
    ]
}
