import ContractsCore
import Foundation

/// The byte strings a file must contain for any Swift rule to apply to it.
///
/// Parsing is the expensive step; most app files mention none of the contract names, so a byte search
/// decides which files are parsed at all. Every needle is something a rule's syntax cannot do without
/// (an enum or type name, `userInfo`, the quoted type key, the quoted table a row is inserted into, an
/// emitter's name, the `Encodable` conformance of a row type), so skipping a file never hides a finding.
struct SourceNeedles {
    let needles: ByteNeedles

    init(registry: Registry) {
        let set = registry.notificationTypes
        var words = [set.swiftEnum, "rawValue", "\"\(set.payloadKey)\"", "\"\(set.sql.table)\"", "\"\(set.sql.qualifiedTable)\""]
        words += registry.emitters.swift.map(\.function)
        // A row type's declaration may name neither the key (no CodingKeys) nor the table.
        words += ["Encodable", "Codable"]
        if let links = registry.deepLinks { words += [links.swiftEnum, "userInfo", "AnyHashable"] }
        if !registry.pushKeys.isEmpty { words += ["userInfo", "AnyHashable"] }
        for payload in registry.payloads { words += [payload.typeName, payload.name] }
        needles = ByteNeedles(Set(words).sorted())
    }

    /// Whether the file mentions any needle.
    func matches(_ bytes: Data) -> Bool {
        needles.anyOccurs(in: bytes)
    }
}
