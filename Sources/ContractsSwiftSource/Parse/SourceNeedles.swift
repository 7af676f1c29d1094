import ContractsCore
import Foundation

/// The byte strings a file must contain for any Swift rule to apply to it: every rule's own needles
/// (`SwiftFactRule.needles`).
///
/// Parsing is the expensive step; most app files mention none of the contract names, so a byte search
/// decides which files are parsed at all. Every needle is something a rule's syntax cannot do without
/// (an enum or type name, `userInfo`, the quoted type key, the quoted table a row is inserted into, an
/// emitter's name, the `Encodable` conformance of a row type), so skipping a file never hides a finding.
struct SourceNeedles {
    /// Nil for `everyFile`.
    let needles: ByteNeedles?

    init(registry: Registry) {
        needles = ByteNeedles(Set(SwiftSourceCheck.units.flatMap { $0.needles(registry) }).sorted())
    }

    private init() { needles = nil }

    /// No pre-filter: every file is parsed (the full parse the pre-filter must agree with, in the tests).
    static let everyFile = SourceNeedles()

    /// Whether the file mentions any needle.
    func matches(_ bytes: Data) -> Bool {
        needles?.anyOccurs(in: bytes) ?? true
    }
}
