import ContractsCore
import Foundation

/// `ts-payload-key-drift`: a push payload sent for a registered notification type whose keys do not match
/// what the app's deep link for that type reads from `userInfo`.
///
/// - Missing: none of the type's deep-link cases finds all its required keys, at the top level or one
///   object down (`data: { ride_id }`), so the tap opens nothing.
///   Not judged when the object spreads other objects in (`...data`), whose keys we cannot see.
///   Keys of deep links the type never opens (`favor_id` on `ride_claimed`) are named in that finding.
/// - Wrong: a key that is a near miss of a key this type's links read (`rideId` for `ride_id`, when
///   `ride_id` itself is not sent).
/// - Link key: `deep_link: 'ride'` (a literal) names the case the app opens, so its keys are the required
///   ones; a name that is no deep-link case is drift.
/// With `push_keys` in the registry, keys nothing declares are drift too (`UndeclaredPayloadKeys`).
/// Without them, other extra keys are not drift: the app picks the deep link by type (`deep_link: [ride, favor]`, first
/// whose required keys are present) and ignores the rest, so `message_id`, `sender_id`, a recipient's
/// `user_id`, or APNs/FCM's `aps`, `title`, `body` are harmless data; flagging them would flag every real payload.
/// Rows of the notifications table are not push payloads and are not judged here; nor is a
/// `functions.invoke` body that carries no push key (a request to another function, which builds the push).
enum PayloadKeyRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        var out: [Finding] = []
        for object in source.notificationObjects(contract: contract) where !object.isRow && !object.isOnlyInvokedBody {
            guard let typeProperty = object.typeProperty, typeProperty.kind == .keyValue else { continue }
            let values = source.typeValues(in: typeProperty.value, contract: contract)
            guard values.count == 1, let raw = values[0].raw,
                  let type = contract.notification.value(raw: raw) else { continue }
            var cases = type.deepLinks.compactMap { contract.registry.deepLink(named: $0) }
            // `deep_link: 'ride'` names the case the app opens; an unknown name opens nothing.
            if let link = linkedCase(object, source, contract) {
                switch link {
                case .found(let c): cases = [c]
                case .unknown(let finding): out.append(finding)
                }
            }
            out += missing(object, type: type, cases: cases, at: values[0].index, source, contract)
            out += wrong(object, type: type, cases: cases, source, contract)
            out += undeclared(object, type: type, source, contract)
        }
        return out + senderFindings(in: source, contract: contract)
    }

    /// A push sent through a function of any file (`TSSinks.senders`): `sendPushToUser(supabase, id, 'ride_update',
    /// { ride_id })` sends the object's keys in a push of that type, judged like an object literal with the type
    /// key. Its missing keys are judged only when the sender sends no deep-link key of its own and the call
    /// passes one object.
    static func senderFindings(in source: TSSource, contract: TSContract) -> [Finding] {
        guard !contract.sinks.senders.isEmpty else { return [] }
        var out: [Finding] = []
        for i in source.tokens.indices where source.isPunct(i + 1, "(") && source.tokens[i].kind == .identifier {
            guard let pushes = contract.sinks.senders[source.tokens[i].text], !source.isWord(i - 1, "function") else { continue }
            let args = source.arguments(ofCallAt: i + 1)
            for push in pushes where push.type <= args.count {
                let values = source.typeValues(in: args[push.type - 1], contract: contract)
                guard values.count == 1, let raw = values[0].raw, let type = contract.notification.value(raw: raw) else { continue }
                let passed = push.entries.filter { $0 <= args.count }.map { args[$0 - 1] }
                let literals = passed.filter { $0.count >= 2 && source.isPunct($0.lowerBound, "{") && source.partner[$0.lowerBound] == $0.upperBound - 1 }
                // A name or a call may hold any keys; a string holds none.
                let hidden = passed.contains { range in
                    !literals.contains(range) && !(range.count == 1 && [.string, .number, .template].contains(source.tokens[range.lowerBound].kind))
                }
                let objects = literals.map { range in
                        NotificationObject(open: range.lowerBound, properties: source.properties(ofObjectAt: range.lowerBound), isRow: false,
                                           isEmitterArgument: true, isInvokedBody: false, isOnlyInvokedBody: false, isCertain: true,
                                           typeProperty: nil)
                    }
                let cases = type.deepLinks.compactMap { contract.registry.deepLink(named: $0) }
                for object in objects {
                    if !push.ownKeys, !hidden, objects.count == 1 { out += missing(object, type: type, cases: cases, at: values[0].index, source, contract) }
                    out += wrong(object, type: type, cases: cases, source, contract)
                    out += undeclared(object, type: type, source, contract)
                }
            }
        }
        return out
    }

    static func missing(_ object: NotificationObject, type: NotificationTypeValue, cases: [DeepLinkCase], at index: Int,
                        _ source: TSSource, _ contract: TSContract) -> [Finding] {
        guard !cases.isEmpty, !object.properties.contains(where: { $0.kind == .spread || $0.kind == .computed })
        else { return [] }
        // A near miss (`rideId`) is reported as a rename by `wrong`; it counts as present here, so one
        // mistake gives one finding.
        let written = writtenKeys(object, source)
        let wanted = cases.flatMap(\.params).map(\.payloadKey)
        let keys = Set(written + wanted.filter { w in written.contains { isNearMiss($0, w) } })
        let required = cases.map { c in (c, c.params.filter { !$0.optional }.map(\.payloadKey)) }
        guard !required.contains(where: { $0.1.allSatisfy(keys.contains) }) else { return [] }
        let needs = required.map { c, ks in "\(c.name) reads \(ks.filter { !keys.contains($0) }.joined(separator: ", "))" }
            .joined(separator: "; ")
        // Keys of deep links this type never opens hint at the real mistake (wrong type, or wrong key).
        let foreign = object.properties.map(\.key).filter { contract.deepLinkKeys.contains($0) && !wanted.contains($0) }
        let hint = foreign.isEmpty ? "" : "; it sends \(foreign.joined(separator: ", ")), which '\(type.raw)' never reads: is the type or the key wrong?"
        let first = required[0]
        let add = first.1.filter { !keys.contains($0) }
        return [Finding(
            .tsPayloadKeyDrift,
            "push payload for '\(type.raw)' lacks the key\(required.count > 1 ? "s of every deep link it may open" : " its deep link reads") (\(needs))\(hint): tapping it opens nothing; add \(add.joined(separator: ", ")) to the payload.",
            at: source.location(of: index), registry: first.0.location,
            fix: "add \(add.map { "\($0): …" }.joined(separator: ", "))",
            subject: .deepLinkCase(name: first.0.name, parameter: first.0.params.first { $0.payloadKey == add.first }?.name))]
    }

    /// Near misses of the keys this type's deep links read, when the right key is not sent as well.
    static func wrong(_ object: NotificationObject, type: NotificationTypeValue, cases: [DeepLinkCase],
                      _ source: TSSource, _ contract: TSContract) -> [Finding] {
        let ownKeys = cases.flatMap(\.params).map(\.payloadKey)
        let expected = Set(ownKeys + [contract.typeKey] + [contract.linkKey].compactMap { $0 })
        let written = Set(writtenKeys(object, source))
        var out: [Finding] = []
        for p in object.properties where (p.kind == .keyValue || p.kind == .shorthand) && !expected.contains(p.key) {
            guard let intended = expected.sorted().first(where: { isNearMiss(p.key, $0) }), !written.contains(intended)
            else { continue }
            out.append(Finding(
                .tsPayloadKeyDrift,
                "push payload for '\(type.raw)' sends '\(p.key)', but the app reads '\(intended)': the key is never read; rename it to '\(intended)'.",
                at: source.location(of: p.keyIndex),
                registry: cases.flatMap(\.params).first { $0.payloadKey == intended }?.location ?? type.location,
                fix: "rename '\(p.key)' to '\(intended)'",
                subject: cases.lazy.compactMap { c in c.params.first { $0.payloadKey == intended }.map { (c, $0) } }.first
                    .map { .deepLinkCase(name: $0.0.name, parameter: $0.1.name) } ?? .pushKey(key: intended)))
        }
        return out
    }

    enum LinkedCase {
        case found(DeepLinkCase)
        case unknown(Finding)
    }

    /// The case a literal link-key value names (`deep_link: 'townHall'`), or a finding when it names none.
    static func linkedCase(_ object: NotificationObject, _ source: TSSource, _ contract: TSContract) -> LinkedCase? {
        guard let linkKey = contract.linkKey, let deepLinks = contract.registry.deepLinks,
              let p = object.properties.first(where: { $0.kind == .keyValue && $0.key == linkKey }),
              p.value.count == 1, let v = source.token(p.value.lowerBound), v.kind == .string else { return nil }
        if let c = contract.registry.deepLink(named: v.value) { return .found(c) }
        let names = deepLinks.cases.map(\.name)
        let hint = Suggestion.closest(to: v.value, among: names.sorted(), closeness: .typeScriptName)
        return .unknown(Finding(
            .tsPayloadKeyDrift,
            "push payload names deep link '\(v.value)' in '\(linkKey)', which is no deep-link case (\(names.joined(separator: ", ")))\(hint.map { "; did you mean '\($0)'?" } ?? ""): the app cannot open it; use a registered case name.",
            at: source.location(of: p.value.lowerBound), registry: deepLinks.location,
            fix: hint.map { "replace '\(v.value)' with '\($0)'" }
                ?? "use a case of deep_links (\(names.joined(separator: ", "))), or add '\(v.value)' to deep_links in \(contract.registry.file)",
            subject: .deepLinkCase(name: v.value, parameter: nil)))
    }

    /// The object's keys, and those one object down (`{ type, data: { ride_id } }`, as emitters often take
    /// them), except inside `aps`.
    static func writtenKeys(_ object: NotificationObject, _ source: TSSource) -> [String] {
        let nested = object.properties
            .filter { $0.kind == .keyValue && $0.key != "aps" && source.isPunct($0.value.lowerBound, "{") }
            .flatMap { source.properties(ofObjectAt: $0.value.lowerBound).map(\.key) }
        return object.properties.map(\.key) + nested
    }

    /// `rideId`, `RideID`, `ride-id` for `ride_id`; or one edit away when both are long enough to tell apart.
    static func isNearMiss(_ key: String, _ target: String) -> Bool {
        let fold = { (s: String) in s.lowercased().filter { $0 != "_" && $0 != "-" } }
        if fold(key) == fold(target) { return true }
        return min(key.count, target.count) >= 6 && Suggestion.distance(Array(key.utf8), Array(target.utf8)) == 1
    }
}

extension PayloadKeyRule: TSFactRule {
    static let judgesNotificationTypes = true

    /// A push payload names its type under the type key.
    static func needles(_ contract: TSContract) -> [String] { [contract.typeKey] }

    static let rule = Rule.tsPayloadKeyDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static let registry = RuleExample.baseRegistry
        .replacingOccurrences(of: "- raw: ride_update\n", with: "- { raw: ride_update, deep_link: ride }\n") + """
        deep_links:
          swift_enum: DeepLink
          url_scheme: naars
          cases:
            - name: ride
              params: [{ name: rideId, type: uuid, payload_key: ride_id }]

        """
    static func source(_ rideKey: String) -> [String: String] {
        ["supabase/functions/push/index.ts": """
            export function payload(rideId: string) {
              return { aps: { alert: { title: 'Ride updated' } }, type: 'ride_update', \(rideKey): rideId };
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓rideId"), registry: registry)]
    static let nonTriggeringExamples = [RuleExample(source("ride_id"), registry: registry)]
}
