import ContractsCore
import SwiftSyntax

/// `swift-deeplink-drift`, enum half: the deep-link enum's cases and associated values against the registry.
enum DeepLinkDriftRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        guard let links = registry.deepLinks else { return [] }
        return files.flatMap { file in
            (file.types.enums[links.swiftEnum] ?? []).flatMap { compare($0, in: file, with: links) }
        }
    }

    private static func compare(_ decl: EnumDeclSyntax, in file: ParsedSwiftFile, with links: DeepLinkSet) -> [Finding] {
        let entries = decl.caseEntries
        var findings: [Finding] = []
        for entry in entries {
            guard let expected = links.cases.first(where: { $0.name == entry.name }) else {
                findings.append(Finding(
                    .swiftDeepLinkDrift,
                    "\(links.swiftEnum).\(entry.name) is not a registered deep link; add it to registry.yaml deep_links or remove the case",
                    at: file.location(of: entry.element), registry: links.location,
                    fix: "add `\(entry.name)` to deep_links in registry.yaml (its parameters and payload keys), or remove the case",
                    subject: .deepLinkCase(name: entry.name, parameter: nil)))
                continue
            }
            findings += compareParameters(entry, expected, links: links, in: file)
        }
        let present = Set(entries.map(\.name))
        for missing in links.cases where !present.contains(missing.name) {
            findings.append(Finding(
                .swiftDeepLinkDrift,
                "\(links.swiftEnum) has no case `\(missing.name)` that the registry declares; add `\(declaration(missing))`",
                at: file.location(of: decl.name), registry: missing.location, fix: declaration(missing),
                subject: .deepLinkCase(name: missing.name, parameter: nil)))
        }
        return findings
    }

    private static func compareParameters(_ entry: EnumCaseEntry, _ expected: DeepLinkCase, links: DeepLinkSet,
                                          in file: ParsedSwiftFile) -> [Finding] {
        let actual = entry.parameters
        guard actual.count == expected.params.count else {
            return [Finding(
                .swiftDeepLinkDrift,
                "\(links.swiftEnum).\(entry.name) has \(actual.count) associated value(s) but the registry declares \(expected.params.count); declare it as `\(declaration(expected))`",
                at: file.location(of: entry.element), registry: expected.location, fix: declaration(expected),
                subject: .deepLinkCase(name: expected.name, parameter: nil))]
        }
        // A registry parameter is the wire (its payload key and type): the Swift label, or none, is the app's own.
        return zip(actual, expected.params).compactMap { parameter, param -> Finding? in
            guard !acceptedTypes(param).contains(parameter.type.compactText) else { return nil }
            let label = parameter.firstName.map(\.plainName).map { $0 == "_" ? "" : "\($0): " } ?? ""
            let spelled = label + parameter.type.trimmedDescription
            return Finding(
                .swiftDeepLinkDrift,
                "\(links.swiftEnum).\(entry.name) has associated value `\(spelled)` but the registry says `\(param.name): \(swiftType(param))` (payload key \"\(param.payloadKey)\"); change it to `\(label)\(swiftType(param))`",
                at: file.location(of: parameter), registry: param.location, fix: "change it to `\(label)\(swiftType(param))`",
                subject: .deepLinkCase(name: expected.name, parameter: param.name))
        }
    }

    /// The Swift spelling of a parameter's type (`UUID`, `Int?`).
    static func swiftType(_ param: DeepLinkParam) -> String {
        acceptedTypes(param)[0]
    }

    /// Spellings (without whitespace) a parameter's type may have; the first is the canonical one.
    private static func acceptedTypes(_ param: DeepLinkParam) -> [String] {
        let bases: [String]
        switch param.type {
        case .uuid: bases = ["UUID", "Foundation.UUID"]
        case .string: bases = ["String", "Swift.String"]
        case .int: bases = ["Int", "Swift.Int"]
        case .double: bases = ["Double", "Swift.Double"]
        case .bool: bases = ["Bool", "Swift.Bool"]
        case .timestamp: bases = ["Date", "Foundation.Date", "String"]
        }
        return param.optional ? bases.flatMap { ["\($0)?", "Optional<\($0)>"] } : bases
    }

    /// The case declaration the registry implies (`case ride(id: UUID)`).
    static func declaration(_ link: DeepLinkCase) -> String {
        let name = Identifiers.swiftIdentifier(link.name)
        guard !link.params.isEmpty else { return "case \(name)" }
        return "case \(name)(" + link.params.map { "\($0.name): \(swiftType($0))" }.joined(separator: ", ") + ")"
    }
}

extension DeepLinkDriftRule: SwiftFactRule {
    /// The deep-link enum, and the userInfo it is built from.
    static func needles(_ registry: Registry) -> [String] { registry.deepLinks.map { [$0.swiftEnum, "userInfo", "AnyHashable"] } ?? [] }

    static let rule = Rule.swiftDeepLinkDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let deepLinks = """
        deep_links:
          swift_enum: DeepLink
          url_scheme: naars
          cases:
            - name: ride
              params: [{ name: rideId, type: uuid, payload_key: ride_id }]
            - name: notifications

        """
    static let triggeringExamples = [
        RuleExample(["App/DeepLink.swift": """
            import Foundation
            enum DeepLink {
                case ride(rideId: UUID)
                case notifications
                case ↓favor(favorId: UUID)
            }
            """], registryAdding: deepLinks),
        RuleExample(["App/DeepLink.swift": """
            import Foundation
            enum DeepLink {
                case ride(↓String)
                case notifications
            }
            """], registryAdding: deepLinks),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["App/DeepLink.swift": """
            import Foundation
            enum DeepLink {
                case ride(rideId: UUID)
                case notifications
            }
            enum OtherLink { case favor(favorId: UUID) }
            """], registryAdding: deepLinks),
        RuleExample(["App/DeepLink.swift": """
            import Foundation
            enum DeepLink {
                case ride(UUID)
                case notifications
            }
            """], registryAdding: deepLinks),
    ]
}
