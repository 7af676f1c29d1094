import ContractsCore
import SwiftSyntax

/// A `Decodable`/`Codable` struct: its stored properties and the JSON key each decodes from.
public struct DiscoveredDecodable: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// The JSON key (the `CodingKeys` raw value, else the property name).
        public var key: String
        public var property: String
        /// The type as written (`Int`, `UUID?`, `[RequestCountDetail]?`).
        public var type: String
    }

    public var name: String
    public var fields: [Field]
    public var location: ContractsCore.SourceLocation
}

/// Reads `Decodable` structs, for `init` to match them with the keys an RPC returns.
public enum DecodableStructDiscovery {
    public static func read(path: String, text: String) -> [DiscoveredDecodable] {
        guard SwiftNestingDepth.isBounded(text) else { return [] }
        let file = ParsedSwiftFile(path: path, text: text)
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        return collector.structs.compactMap { node in
            let inherits = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            guard inherits.contains(where: { ["Decodable", "Codable"].contains($0) }) else { return nil }
            var keys: [String: String] = [:]
            for member in node.memberBlock.members {
                guard let codingKeys = member.decl.as(EnumDeclSyntax.self), codingKeys.name.text == "CodingKeys" else { continue }
                for caseMember in codingKeys.memberBlock.members {
                    for element in caseMember.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                        let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                        keys[element.name.text] = raw ?? element.name.text
                    }
                }
            }
            var fields: [DiscoveredDecodable.Field] = []
            for member in node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isLeftOutOfCodableSynthesis else { continue }
                for binding in variable.bindings where binding.storesAValue {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let type = binding.typeAnnotation?.type.trimmedDescription else { continue }
                    if !keys.isEmpty, keys[name] == nil { continue }
                    fields.append(.init(key: keys[name] ?? name, property: name, type: type))
                }
            }
            return fields.isEmpty ? nil : DiscoveredDecodable(name: node.name.text, fields: fields, location: file.location(of: node.name))
        }
    }

    private final class Collector: SyntaxVisitor {
        var structs: [StructDeclSyntax] = []
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            structs.append(node)
            return .visitChildren
        }
    }
}
