import ContractsCore
import SwiftParser
import SwiftSyntax

/// A constant one case of a `switch self` property returns, as `init` writes it into the registry.
public enum DiscoveredLiteral: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case none
    /// An enum member (`.messages`): a badge tab or another enum's case.
    case member(String)
}

/// A `switch self` property whose every case returns a constant.
public struct DiscoveredSwiftProperty: Sendable, Equatable {
    public var name: String
    /// The declared type as written (`String?`, `BadgeTab`), empty when none is written.
    public var type: String
    /// The constant each case returns, by case name.
    public var results: [String: DiscoveredLiteral]
    public var location: ContractsCore.SourceLocation
}

/// One case of an enum.
public struct DiscoveredSwiftCase: Sendable, Equatable {
    public var name: String
    /// The string raw value (explicit, or the name when implicit); nil when it is not a plain literal.
    public var raw: String?
    /// Associated values (`case ride(id: UUID)`): label (`""` when none) and type as written (`UUID?`).
    public var parameters: [DiscoveredParameter]
    public var location: ContractsCore.SourceLocation
}

/// One associated value of an enum case.
public struct DiscoveredParameter: Sendable, Equatable {
    public var label: String
    public var type: String
}

/// An enum declared in hand-written Swift, with what `init` reads from it.
public struct DiscoveredSwiftEnum: Sendable, Equatable {
    public var name: String
    /// The name with the types it is nested in (`Expense.Category`): two nested enums may share `name`.
    public var qualifiedName: String
    /// Whether its raw type is `String`.
    public var hasStringRawValues: Bool
    public var cases: [DiscoveredSwiftCase]
    /// Its `switch self` properties with constant results, in the declaration and its extensions in this file.
    public var properties: [DiscoveredSwiftProperty]
    /// The case an `init(from:)` or `init(rawValue:)` falls back to with `?? .case`, if any.
    public var decodingFallback: String?
    public var location: ContractsCore.SourceLocation
}

/// Reads enums for `init` with the same syntax tree and helpers the drift rules use.
public enum SwiftEnumDiscovery {
    /// Every enum declared in one file, in source order, plus `switch self` properties its extensions add
    /// (by extended type name) for enums declared in other files.
    public static func read(path: String, text: String) -> (enums: [DiscoveredSwiftEnum], extensions: [String: [DiscoveredSwiftProperty]]) {
        guard SwiftNestingDepth.isBounded(text) else { return ([], [:]) }
        let file = ParsedSwiftFile(path: path, text: text)
        let collector = EnumCollector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        let enums = collector.enums.map { decl -> DiscoveredSwiftEnum in
            let name = decl.name.plainName
            let cases = decl.caseEntries.map {
                DiscoveredSwiftCase(name: $0.name, raw: $0.rawValue, parameters: $0.parameters.map {
                                        DiscoveredParameter(label: $0.firstName?.text ?? "", type: $0.type.trimmedDescription)
                                    },
                                    location: file.location(of: $0.element))
            }
            let stringRaw = decl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "String"
            let blocks = [decl.memberBlock] + (file.types.extensions[name] ?? []).map(\.memberBlock)
            return DiscoveredSwiftEnum(
                name: name, qualifiedName: (outerTypes(of: decl) + [name]).joined(separator: "."), hasStringRawValues: stringRaw, cases: cases,
                properties: blocks.flatMap { properties(in: $0, cases: cases.map(\.name), file: file) },
                decodingFallback: fallback(in: blocks), location: file.location(of: decl.name))
        }
        let declared = Set(enums.map(\.name))
        var extensions: [String: [DiscoveredSwiftProperty]] = [:]
        for (name, decls) in file.types.extensions where !declared.contains(name) {
            let props = decls.flatMap { properties(in: $0.memberBlock, cases: nil, file: file) }
            if !props.isEmpty { extensions[name] = props }
        }
        return (enums, extensions)
    }

    /// The types a declaration is nested in, outermost first (an extension counts as the type it extends).
    private static func outerTypes(of decl: EnumDeclSyntax) -> [String] {
        var names: [String] = []
        var node = decl.parent
        while let current = node {
            if let type = current.as(EnumDeclSyntax.self) { names.append(type.name.plainName) }
            if let type = current.as(StructDeclSyntax.self) { names.append(type.name.plainName) }
            if let type = current.as(ClassDeclSyntax.self) { names.append(type.name.plainName) }
            if let type = current.as(ActorDeclSyntax.self) { names.append(type.name.plainName) }
            if let type = current.as(ExtensionDeclSyntax.self) { names.append(type.extendedType.trimmedDescription) }
            node = current.parent
        }
        return names.reversed()
    }

    /// `switch self` properties whose arms all return constants. With `cases` nil (an extension of an enum in
    /// another file), results are keyed by the names the arms list and `default` is kept as the key `""`.
    private static func properties(in block: MemberBlockSyntax, cases: [String]?, file: ParsedSwiftFile) -> [DiscoveredSwiftProperty] {
        let bindings = block.flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
        let names = Set(bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName })
        return block.switchSelfProperties(named: names).compactMap { property -> DiscoveredSwiftProperty? in
            guard let binding = bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName == property.name
            }) else { return nil }
            var results: [String: DiscoveredLiteral] = [:]
            let keys = cases ?? (property.arms.flatMap(\.caseNames) + (property.arms.contains(where: \.isDefault) ? [""] : []))
            for key in keys {
                let arm = key.isEmpty ? property.arms.first(where: \.isDefault) : property.arm(for: key)
                guard let literal = arm?.result.flatMap(Self.literal) else { return nil }
                results[key] = literal
            }
            return DiscoveredSwiftProperty(name: property.name, type: binding.typeAnnotation?.type.trimmedDescription ?? "",
                                           results: results, location: file.location(of: binding))
        }
    }

    private static func literal(_ result: ReturnedLiteral) -> DiscoveredLiteral {
        switch result {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .none: return .none
        case .member(_, let name): return .member(name)
        }
    }

    /// `?? .case` inside an initializer of the enum: the case unknown raw values decode to.
    private static func fallback(in blocks: [MemberBlockSyntax]) -> String? {
        for block in blocks {
            for initializer in block.flattenedDecls.compactMap({ $0.as(InitializerDeclSyntax.self) }) {
                let finder = FallbackFinder(viewMode: .sourceAccurate)
                finder.walk(initializer)
                if let found = finder.found { return found }
            }
        }
        return nil
    }

    private final class EnumCollector: SyntaxVisitor {
        var enums: [EnumDeclSyntax] = []
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enums.append(node)
            return .visitChildren
        }
    }

    /// The first `?? .name` in a sequence expression.
    private final class FallbackFinder: SyntaxVisitor {
        var found: String?
        override func visit(_ node: ExprListSyntax) -> SyntaxVisitorContinueKind {
            let items = Array(node)
            for (i, item) in items.enumerated() where found == nil && i + 1 < items.count {
                guard item.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
                      let member = items[i + 1].as(MemberAccessExprSyntax.self), member.base == nil else { continue }
                found = member.declName.baseName.plainName
            }
            return .visitChildren
        }
    }
}
