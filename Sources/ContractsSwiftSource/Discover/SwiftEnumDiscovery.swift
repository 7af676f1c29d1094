import ContractsCore
import SwiftParser
import SwiftSyntax

/// A constant one case of a `switch self` property returns, as `init` writes it into the registry.
public enum DiscoveredLiteral: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case int(Int)
    case none
    /// An enum member (`.messages`): a badge tab or another enum's case.
    case member(String)

    /// As Swift source would spell it.
    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .none: return "nil"
        case .member(let m): return ".\(m)"
        }
    }
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

/// A `switch self` property `init` cannot read as one constant a case, and why.
public struct UnreadSwiftProperty: Sendable, Equatable {
    public var name: String
    /// The declared type as written (`Set<Domain>`), empty when none is written.
    public var type: String
    /// Why it is not read: "`.message` returns `Self.symbol(for: .message)`, not a constant".
    public var reason: String
    public var location: ContractsCore.SourceLocation
}

/// The `switch self` properties of one type, in one file: those read as constants and those that are not.
public struct DiscoveredProperties: Sendable, Equatable {
    public var read: [DiscoveredSwiftProperty] = []
    public var unread: [UnreadSwiftProperty] = []

    public init(read: [DiscoveredSwiftProperty] = [], unread: [UnreadSwiftProperty] = []) {
        self.read = read
        self.unread = unread
    }

    public var isEmpty: Bool { read.isEmpty && unread.isEmpty }

    public static func + (a: Self, b: Self) -> Self { Self(read: a.read + b.read, unread: a.unread + b.unread) }
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
    /// Its other `switch self` properties, with why each is not read.
    public var unreadProperties: [UnreadSwiftProperty]
    /// The case an `init(from:)` or `init(rawValue:)` falls back to with `?? .case`, if any.
    public var decodingFallback: String?
    public var location: ContractsCore.SourceLocation
}

/// Reads enums for `init` with the same syntax tree and helpers the drift rules use.
public enum SwiftEnumDiscovery {
    /// Every enum declared in one file, in source order, plus `switch self` properties its extensions add
    /// (by extended type name) for enums declared in other files.
    public static func read(path: String, text: String) -> (enums: [DiscoveredSwiftEnum], extensions: [String: DiscoveredProperties]) {
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
            let found = blocks.map { properties(in: $0, cases: cases.map(\.name), file: file) }.reduce(DiscoveredProperties(), +)
            return DiscoveredSwiftEnum(
                name: name, qualifiedName: (outerTypes(of: decl) + [name]).joined(separator: "."), hasStringRawValues: stringRaw, cases: cases,
                properties: found.read, unreadProperties: found.unread,
                decodingFallback: fallback(in: blocks), location: file.location(of: decl.name))
        }
        let declared = Set(enums.map(\.name))
        var extensions: [String: DiscoveredProperties] = [:]
        for (name, decls) in file.types.extensions where !declared.contains(name) {
            let props = decls.map { properties(in: $0.memberBlock, cases: nil, file: file) }.reduce(DiscoveredProperties(), +)
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

    /// `switch self` properties: read when every arm returns a constant, else unread with why. With `cases` nil
    /// (an extension of an enum in another file), results are keyed by the names the arms list and `default` is
    /// kept as the key `""`.
    private static func properties(in block: MemberBlockSyntax, cases: [String]?, file: ParsedSwiftFile) -> DiscoveredProperties {
        let bindings = block.flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
        var out = DiscoveredProperties()
        for binding in bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
                  let statements = binding.getterStatements else { continue }
            let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
            let unread = { (reason: String) in
                out.unread.append(UnreadSwiftProperty(name: name, type: type, reason: reason, location: file.location(of: binding)))
            }
            guard let switchExpr = statements.switchOverSelf else {
                if statements.switchesOverSelf {
                    unread("its `switch self` is not what the getter returns (an `if`, a loop or a `return` comes before it, or statements after it)")
                }
                continue
            }
            let property = SwitchSelfProperty(name: name, arms: switchExpr.arms), arms = property.arms
            var results: [String: DiscoveredLiteral] = [:], why: String?
            let keys = cases ?? (arms.flatMap(\.caseNames) + (arms.contains(where: \.isDefault) ? [""] : []))
            for key in keys where why == nil {
                let arm = key.isEmpty ? arms.first(where: \.isDefault) : property.arm(for: key)
                let label = key.isEmpty ? "`default`" : "`.\(key)`"
                if let result = arm?.result {
                    results[key] = literal(result)
                } else if let arm {
                    let text = arm.resultNode.is(SwitchCaseLabelSyntax.self) || arm.resultNode.is(SwitchDefaultLabelSyntax.self)
                        ? "more than one statement" : "`\(brief(arm.resultNode))`"
                    why = "\(label) returns \(text), not a constant"
                } else {
                    why = "\(label) has no arm"
                }
            }
            if let why {
                unread(why)
            } else {
                out.read.append(DiscoveredSwiftProperty(name: name, type: type, results: results, location: file.location(of: binding)))
            }
        }
        return out
    }

    /// An expression on one line, at most 48 characters.
    private static func brief(_ node: Syntax) -> String {
        let text = node.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.count > 48 ? text.prefix(47) + "…" : text
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
