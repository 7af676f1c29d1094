import ContractsCore
import Foundation
import SwiftSyntax

/// The types names are declared with: parameters, variables and stored properties with a type annotation.
///
/// Lets the literal rule tell `notification.type.rawValue` (a `NotificationType`) from `ride.type.rawValue`
/// (some other enum) without a type checker: a name counts only when every declaration of it says so.
struct DeclaredTypes: Codable, Sendable {
    /// Name → simple type names it is declared with (optionals unwrapped).
    private(set) var names: [String: Set<String>] = [:]
    /// Owner type → its properties' simple type names.
    private(set) var members: [String: [String: String]] = [:]
    /// The keys the project's `Encodable` types encode their properties under (row types).
    private(set) var encoded = EncodedColumns()
    /// Keys the project writes into a notification content's `userInfo` itself (local notifications).
    private(set) var appUserInfoKeys: Set<String> = []

    init() {}

    /// `source`: the file's text, when known; without `Codable`/`Encodable` it declares no row type, without
    /// `userInfo` it writes no `userInfo` key.
    init(_ file: SourceFileSyntax, source: SourceText? = nil) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(file)
        self.init(file, collected: visitor, source: source)
    }

    /// A file's type declarations and the types its names are declared with, in one walk.
    static func read(_ file: SourceFileSyntax, source: SourceText?) -> (TypeDeclarations, DeclaredTypes) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(file)
        return (TypeDeclarations(collected: visitor), DeclaredTypes(file, collected: visitor, source: source))
    }

    private init(_ file: SourceFileSyntax, collected visitor: Collector, source: SourceText?) {
        names = visitor.names
        members = visitor.members
        if source.map({ $0.names("Codable") || $0.names("Encodable") }) ?? true { encoded = EncodedColumns(file) }
        if source?.names("userInfo") ?? true { appUserInfoKeys = AppUserInfoKeys.collect(in: file) }
    }

    /// Both tables merged (the project-wide view of several files).
    /// In place, so folding a project's files is linear (a copying merge copies the growing tables per file).
    mutating func merge(_ other: DeclaredTypes) {
        names.merge(other.names) { $0.union($1) }
        members.merge(other.members) { $0.merging($1) { a, _ in a } }
        encoded.merge(other.encoded)
        appUserInfoKeys.formUnion(other.appUserInfoKeys)
    }

    /// The same text for the same tables, whatever the order of their entries: a cache key.
    var fingerprint: String {
        var lines = names.keys.sorted().map { "n \($0): " + names[$0]!.sorted().joined(separator: ",") }
        for owner in members.keys.sorted() {
            lines += members[owner]!.keys.sorted().map { "m \(owner).\($0): " + members[owner]![$0]! }
        }
        lines += encoded.fingerprintLines
        lines += appUserInfoKeys.sorted().map { "u \($0)" }
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// Whether every declaration of `name` has type `type`.
    func declares(_ name: String, as type: String) -> Bool { names[name] == [type] }

    /// Type declarations (its superclass) and the declared types of names, read in the same walk.
    private final class Collector: TypeDeclarations.Collector {
        var names: [String: Set<String>] = [:]
        var members: [String: [String: String]] = [:]

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            record((node.secondName ?? node.firstName).plainName, node.type, owner: nil)
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               let type = node.typeAnnotation?.type {
                record(name, type, owner: node.ownerTypeName)
            }
            return .visitChildren
        }

        private func record(_ name: String, _ type: TypeSyntax, owner: String?) {
            guard let simple = type.unwrappedOptional.lastName else { return }
            names[name, default: []].insert(simple)
            if let owner { members[owner, default: [:]][name] = simple }
        }
    }
}

extension TypeSyntax {
    /// `T` for `T?` and `T!`, else the type itself.
    var unwrappedOptional: TypeSyntax {
        if let t = self.as(OptionalTypeSyntax.self) { return t.wrappedType }
        if let t = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return t.wrappedType }
        return self
    }
}

extension PatternBindingSyntax {
    /// The type whose member this binding is (`struct AppNotification { let type: ... }` → `AppNotification`),
    /// nil for locals and globals.
    var ownerTypeName: String? {
        guard let decl = parent?.parent?.as(VariableDeclSyntax.self),
              let block = decl.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return nil }
        let owner = block.parent
        if let d = owner?.as(StructDeclSyntax.self) { return d.name.plainName }
        if let d = owner?.as(ClassDeclSyntax.self) { return d.name.plainName }
        if let d = owner?.as(EnumDeclSyntax.self) { return d.name.plainName }
        if let d = owner?.as(ActorDeclSyntax.self) { return d.name.plainName }
        if let d = owner?.as(ExtensionDeclSyntax.self) { return d.extendedType.lastName }
        return nil
    }
}
