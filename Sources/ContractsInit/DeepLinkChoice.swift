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
        /// Unlabelled in Swift (`case chat(UUID)`): the registry names every parameter, so it is written `value`.
        var unlabelled = false
    }

    struct Case: Sendable, Equatable {
        var name: String
        var params: [Param]
    }

    var name: String
    var cases: [Case]
    var location: SourceLocation
    /// Why this enum: where the app builds it from a push payload, or `--deep-link-enum`.
    var chosenBecause: String
}

/// Picks the enum the app builds from push payloads (the deep-link enum) and the key each parameter is read from.
enum DeepLinkChoice {
    static let registryTypes = ["UUID": "uuid", "String": "string", "Int": "int", "Double": "double", "Bool": "bool",
                                "Date": "timestamp"]

    /// The enum a payload builder returns or whose cases are returned or assigned from push-payload reads where
    /// the code names the type; else the one whose case names and labels most constructions from reads match.
    /// `pinned` (`--deep-link-enum`) names it instead: no enum of that name with cases is an error.
    static func choose(_ enums: [DiscoveredSwiftEnum], flow: DiscoveredPushFlow, pinned: String?) throws -> DeepLinkDraft? {
        let candidates = enums.filter { e in !e.hasStringRawValues && e.cases.contains { !$0.parameters.isEmpty } }
        // A construction typed by something no candidate is (a typealias, a wrapper) says nothing of the type.
        let names = Set(candidates.map(\.name))
        let constructions = flow.constructions.map { c in
            var c = c
            if let type = c.typeName, !names.contains(type) { c.typeName = nil }
            return c
        }
        if let pinned {
            guard let e = enums.first(where: { ($0.name == pinned || $0.qualifiedName == pinned) && !$0.cases.isEmpty }) else {
                let listed = Array(Set(candidates.map(\.qualifiedName))).sorted()
                throw ContractDiscovery.Failure(description: "error: --deep-link-enum \(pinned) names no enum with cases in the Swift sources; "
                    + (listed.isEmpty ? "no enum has associated values" : "the enums with associated values: " + listed.joined(separator: ", ")))
            }
            return draft(e, constructions, because: "--deep-link-enum")
        }
        let scored = candidates.map { e -> (e: DiscoveredSwiftEnum, flow: Int, named: Int, at: SourceLocation?) in
            let typed = constructions.filter { $0.typeName == e.name && builds($0, e) }
            let builders = flow.builders.filter { $0.typeName == e.name }
            let named = constructions.filter { $0.typeName == nil && builds($0, e) }.count
            return (e, typed.count + builders.count, named, builders.first?.location ?? typed.first?.location)
        }.filter { $0.flow + $0.named > 0 }
        guard let best = scored.max(by: { a, b in
            if a.flow != b.flow { return a.flow < b.flow }
            if a.named != b.named { return a.named < b.named }
            let aLink = a.e.name.lowercased().contains("link"), bLink = b.e.name.lowercased().contains("link")
            return aLink != bLink ? !aLink : a.e.location.file > b.e.location.file
        }) else { return nil }
        let because = best.at.map { "built from push payloads at \(RegistryWriter.line($0))" }
            ?? "its cases match \(best.named == 1 ? "a construction" : "\(best.named) constructions") from push-payload reads"
        return draft(best.e, constructions, because: because)
    }

    /// Whether `c` can build a case of `e`: a case of that name with a parameter of that label.
    private static func builds(_ c: DiscoveredLinkConstruction, _ e: DiscoveredSwiftEnum) -> Bool {
        e.cases.contains { $0.name == c.caseName && $0.parameters.contains { $0.label == c.label } }
    }

    /// `e` as the registry writes it, each parameter with the key the constructions of `e` (or of no named type)
    /// read for it.
    private static func draft(_ e: DiscoveredSwiftEnum, _ constructions: [DiscoveredLinkConstruction], because: String) -> DeepLinkDraft {
        let own = constructions.filter { $0.typeName == nil || $0.typeName == e.name }
        let cases = e.cases.map { c in
            DeepLinkDraft.Case(name: c.name, params: c.parameters.map { p in
                let optional = p.type.hasSuffix("?")
                let bare = optional ? String(p.type.dropLast()) : p.type
                let keys = own.filter { $0.caseName == c.name && $0.label == p.label }.map(\.payloadKey)
                return DeepLinkDraft.Param(name: p.label.isEmpty ? "value" : p.label, type: registryTypes[bare] ?? "string",
                                           optional: optional, payloadKey: mostCommon(keys),
                                           unmappedType: registryTypes[bare] == nil ? p.type : nil, unlabelled: p.label.isEmpty)
            })
        }
        return DeepLinkDraft(name: e.name, cases: cases, location: e.location, chosenBecause: because)
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
