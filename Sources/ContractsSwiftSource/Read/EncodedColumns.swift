import SwiftSyntax

/// The JSON keys `Encodable` structs and classes encode their properties under: the columns a row type writes
/// when supabase-swift inserts it (`struct NewNotification: Encodable { let kind: String }`).
///
/// A type with a `CodingKeys` enum encodes its cases (`case notificationKind = "kind"` puts the property
/// `notificationKind` under `kind`); one without encodes every stored property under its own name. Project-wide
/// (a row type is declared in one file and inserted in another), so it is part of `DeclaredTypes`.
struct EncodedColumns: Codable, Sendable, Equatable {
    /// Type name → encoded key → property name.
    private(set) var types: [String: [String: String]] = [:]

    init() {}

    init(types: [String: [String: String]]) { self.types = types }

    init(_ file: SourceFileSyntax) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(file)
        types = visitor.types
    }

    /// The property of `type` encoded under `key`, if `type` is an `Encodable` type that has one.
    func property(of type: String, encodedAs key: String) -> String? { types[type]?[key] }

    mutating func merge(_ other: EncodedColumns) {
        types.merge(other.types) { a, _ in a }
    }

    /// One line per type and key, sorted: part of the project's fingerprint.
    var fingerprintLines: [String] {
        types.keys.sorted().flatMap { type in
            types[type]!.keys.sorted().map { "e \(type).\($0): " + types[type]![$0]! }
        }
    }

    private final class Collector: SyntaxVisitor {
        var types: [String: [String: String]] = [:]

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name.plainName, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name.plainName, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        private func record(_ name: String, _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax) {
            guard let inheritance, inheritance.names("Encodable") || inheritance.names("Codable") else { return }
            types[name] = codingKeys(members) ?? storedProperties(members)
        }

        /// `case a = "b", c` of a nested `CodingKeys` enum: `b` → `a`, `c` → `c`.
        private func codingKeys(_ members: MemberBlockSyntax) -> [String: String]? {
            for decl in members.flattenedDecls {
                guard let keys = decl.as(EnumDeclSyntax.self), keys.name.plainName == "CodingKeys" else { continue }
                var columns: [String: String] = [:]
                for case let cases? in keys.memberBlock.flattenedDecls.map({ $0.as(EnumCaseDeclSyntax.self) }) {
                    for element in cases.elements {
                        let property = element.name.plainName
                        let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                        columns[raw ?? property] = property
                    }
                }
                return columns
            }
            return nil
        }

        /// Stored properties (no accessor block), each under its own name.
        private func storedProperties(_ members: MemberBlockSyntax) -> [String: String] {
            var columns: [String: String] = [:]
            for decl in members.flattenedDecls {
                guard let variable = decl.as(VariableDeclSyntax.self), !variable.isLeftOutOfCodableSynthesis else { continue }
                for binding in variable.bindings where binding.storesAValue {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName { columns[name] = name }
                }
            }
            return columns
        }
    }
}
