import ContractsCore
import ContractsSwiftSource

/// A key the app reads from push payloads that is neither the type key, the link key nor a deep-link parameter.
struct PushKeyDraft: Sendable, Equatable {
    var key: String
    /// `uuid` for keys named like ids (`message_id`, `matchId`), else `string`: what the app reads is a String either way.
    var type: String
    /// Read only in `switch` arms of some types: required for those (`types:`); read anywhere else: optional.
    var optional: Bool
    var types: [String]
}

/// What the app's push handling says about each value: the deep-link cases its `switch` arms open, and the keys
/// each arm reads.
enum PushHandlingChoice {
    /// Raw value → deep-link case names, from arms whose labels are all values of the enum.
    static func valueDeepLinks(_ arms: [DiscoveredSwitchArm], swiftEnum: DiscoveredSwiftEnum?, pushTypes: [String] = [],
                               deepLinks: DeepLinkDraft?) -> [String: [String]] {
        guard let deepLinks else { return [:] }
        let caseNames = Set(deepLinks.cases.map(\.name))
        var out: [String: [String]] = [:]
        for arm in arms {
            guard let raws = raws(of: arm, swiftEnum) ?? raws(of: arm, pushTypes) else { continue }
            let links = arm.members.filter(caseNames.contains)
            for raw in raws { for link in links where !(out[raw]?.contains(link) ?? false) { out[raw, default: []].append(link) } }
        }
        return out
    }

    /// Push keys with their types: keys read only in arms of some values get `types:`, the others are optional.
    /// `pushTypes`: the values of a push type no Swift enum declares (arms of string literals match them).
    static func pushKeys(reads: [String], arms: [DiscoveredSwitchArm], swiftEnum: DiscoveredSwiftEnum?, pushTypes: [String] = [],
                         excluding known: Set<String>) -> [PushKeyDraft] {
        var inArms: [String: [String]] = [:], armReads: [String: Int] = [:]
        for arm in arms {
            guard let raws = raws(of: arm, swiftEnum) ?? raws(of: arm, pushTypes) else { continue }
            for key in arm.pushKeys {
                armReads[key, default: 0] += 1
                for raw in raws where !(inArms[key]?.contains(raw) ?? false) { inArms[key, default: []].append(raw) }
            }
        }
        var counts: [String: Int] = [:]
        for key in reads { counts[key, default: 0] += 1 }
        return Set(reads).subtracting(known).sorted().map { key in
            let onlyInArms = armReads[key] == counts[key] && inArms[key] != nil
            let order = swiftEnum?.cases.compactMap(\.raw) ?? pushTypes
            let types = onlyInArms ? (inArms[key] ?? []).sorted { (order.firstIndex(of: $0) ?? .max) < (order.firstIndex(of: $1) ?? .max) } : []
            return PushKeyDraft(key: key, type: looksLikeID(key) ? "uuid" : "string", optional: !onlyInArms, types: types)
        }
    }

    /// The values an arm of string literals matches, when each is a push type.
    private static func raws(of arm: DiscoveredSwitchArm, _ pushTypes: [String]) -> [String]? {
        guard arm.labelsAreRaw, !arm.labels.isEmpty, arm.labels.allSatisfy(pushTypes.contains) else { return nil }
        return arm.labels
    }

    /// `message_id`, `matchId`, `id`.
    static func looksLikeID(_ key: String) -> Bool { key == "id" || key.hasSuffix("_id") || key.hasSuffix("Id") }

    /// The raw values an arm matches; nil for `default` or when a label is not a value.
    private static func raws(of arm: DiscoveredSwitchArm, _ swiftEnum: DiscoveredSwiftEnum?) -> [String]? {
        guard !arm.labels.isEmpty, let swiftEnum else { return nil }
        var out: [String] = []
        for label in arm.labels {
            let match = arm.labelsAreRaw ? swiftEnum.cases.first { $0.raw == label } : swiftEnum.cases.first { $0.name == label }
            guard let raw = match?.raw else { return nil }
            out.append(raw)
        }
        return out
    }
}
