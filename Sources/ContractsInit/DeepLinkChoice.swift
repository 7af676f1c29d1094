import ContractsCore
import ContractsSwiftSource

/// The deep-link enum as `init` writes it: cases, parameters, and the push-payload key each is read from.
struct DeepLinkDraft: Sendable, Equatable {
    struct Param: Sendable, Equatable {
        var name: String
        var type: String
        var optional: Bool
        /// The key read from `userInfo`; nil when no read of it was found (the writer then guesses, with a comment).
        var payloadKey: String?
        /// The Swift type when it maps to no registry type (written as `string`, with a comment).
        var unmappedType: String?
    }

    struct Case: Sendable, Equatable {
        var name: String
        var params: [Param]
    }

    var name: String
    var cases: [Case]
    var location: SourceLocation
}

/// Picks the enum whose cases the app builds from push-payload reads (the deep-link enum) and the keys.
enum DeepLinkChoice {
    static let registryTypes = ["UUID": "uuid", "String": "string", "Int": "int", "Double": "double", "Bool": "bool",
                                "Date": "timestamp"]

    static func choose(_ enums: [DiscoveredSwiftEnum], constructions: [DiscoveredLinkConstruction]) -> DeepLinkDraft? {
        let candidates = enums.filter { e in !e.hasStringRawValues && e.cases.contains { !$0.parameters.isEmpty } }
        let scored = candidates.map { e -> (DiscoveredSwiftEnum, Int) in
            let score = constructions.filter { c in
                e.cases.contains { $0.name == c.caseName && $0.parameters.contains { $0.label == c.label } }
            }.count
            return (e, score)
        }.filter { $0.1 > 0 }
        guard let best = scored.max(by: { a, b in
            if a.1 != b.1 { return a.1 < b.1 }
            let aLink = a.0.name.lowercased().contains("link"), bLink = b.0.name.lowercased().contains("link")
            return aLink != bLink ? !aLink : a.0.location.file > b.0.location.file
        })?.0 else { return nil }
        let cases = best.cases.map { c in
            DeepLinkDraft.Case(name: c.name, params: c.parameters.map { p in
                let optional = p.type.hasSuffix("?")
                let bare = optional ? String(p.type.dropLast()) : p.type
                let keys = constructions.filter { $0.caseName == c.name && $0.label == p.label }.map(\.payloadKey)
                return DeepLinkDraft.Param(name: p.label.isEmpty ? "value" : p.label, type: registryTypes[bare] ?? "string",
                                           optional: optional, payloadKey: mostCommon(keys),
                                           unmappedType: registryTypes[bare] == nil ? p.type : nil)
            })
        }
        return DeepLinkDraft(name: best.name, cases: cases, location: best.location)
    }

    /// The most frequent key, the first read on a tie.
    private static func mostCommon(_ keys: [String]) -> String? {
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return keys.max { a, b in counts[a]! < counts[b]! || (counts[a]! == counts[b]! && keys.firstIndex(of: a)! > keys.firstIndex(of: b)!) }
    }

    /// A key for a parameter no read was found for: `ride(id:)` → `ride_id`, `townHall(postId:)` → `town_hall_post_id`.
    static func guessedKey(case name: String, param: String) -> String {
        let base = Identifiers.snakeCase(name)
        return param == "id" ? base + "_id" : base + "_" + Identifiers.snakeCase(param)
    }
}
