import ContractsCore
import Foundation

/// The byte strings a file must contain for any Swift rule to apply to it.
///
/// Parsing is the expensive step; most app files mention none of the contract names, so a byte search
/// decides which files are parsed at all. Every needle is something a rule's syntax cannot do without
/// (an enum or type name, `userInfo`, the quoted type key), so skipping a file never hides a finding.
struct SourceNeedles {
    let needles: [Data]

    init(registry: Registry) {
        var words = [registry.notificationTypes.swiftEnum, "rawValue", "\"\(registry.notificationTypes.payloadKey)\""]
        if let links = registry.deepLinks { words += [links.swiftEnum, "userInfo", "AnyHashable"] }
        if !registry.pushKeys.isEmpty { words += ["userInfo", "AnyHashable"] }
        for payload in registry.payloads { words += [payload.typeName, payload.name] }
        needles = Set(words).sorted().map { Data($0.utf8) }
    }

    /// Whether the file mentions any needle.
    func matches(_ bytes: Data) -> Bool {
        needles.contains { bytes.range(of: $0) != nil }
    }
}
