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
    /// How names whose simple type is a nested shared enum's (`Category` for `Expense.Category`) spelled it, and
    /// where (`WrittenType.packed`): name, or owner and property as `Owner.name` → spellings. Only those names:
    /// the other types are told apart by their simple names.
    private(set) var spellings: [String: Set<String>] = [:]

    /// The packed layout's version, part of the cache key of every file's tables: an entry kept in another layout
    /// (one without the spellings of nested enums' names) is never read as this one.
    static let layout = "types-2"

    init() {}

    /// `source`: the file's text, when known; without `Codable`/`Encodable` it declares no row type, without
    /// `userInfo` it writes no `userInfo` key. `nestedNames`: the simple names whose spellings are kept
    /// (`SwiftSharedEnums.nestedNames`).
    init(_ file: SourceFileSyntax, source: SourceText? = nil, nestedNames: Set<String> = []) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.nestedNames = nestedNames
        visitor.walk(file)
        self.init(file, collected: visitor, source: source)
    }

    /// A file's type declarations and the types its names are declared with, in one walk.
    static func read(_ file: SourceFileSyntax, source: SourceText?, nestedNames: Set<String> = []) -> (TypeDeclarations, DeclaredTypes) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.nestedNames = nestedNames
        visitor.walk(file)
        return (TypeDeclarations(collected: visitor), DeclaredTypes(file, collected: visitor, source: source))
    }

    private init(_ file: SourceFileSyntax, collected visitor: Collector, source: SourceText?) {
        names = visitor.names
        members = visitor.members
        spellings = visitor.spellings
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
        spellings.merge(other.spellings) { $0.union($1) }
    }

    /// The same text for the same tables, whatever the order of their entries: a cache key.
    var fingerprint: String {
        var lines = names.keys.sorted().map { "n \($0): " + names[$0]!.sorted().joined(separator: ",") }
        for owner in members.keys.sorted() {
            lines += members[owner]!.keys.sorted().map { "m \(owner).\($0): " + members[owner]![$0]! }
        }
        lines += encoded.fingerprintLines
        lines += appUserInfoKeys.sorted().map { "u \($0)" }
        lines += spellings.keys.sorted().map { "s \($0): " + spellings[$0]!.sorted().joined(separator: ",") }
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// The tables as one string of length-prefixed fields (`5:ride_id`), each record a tag and its fields: `n` name,
    /// count, types; `m` owner, property, type; `e` type, count, key and property pairs; `u` key; `s` name, count,
    /// spellings; then `.`. The check cache keeps a file's
    /// tables as this one string: a Swift edit reads every other file's tables back, and decoding them as
    /// JSON's nested objects would be a large share of the run.
    var packed: String {
        var out: [UInt8] = []
        func field(_ text: String) {
            ContentHash.appendDecimal(text.utf8.count, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: text.utf8)
        }
        for name in names.keys.sorted() {
            let types = names[name]!.sorted()
            out.append(UInt8(ascii: "n"))
            field(name)
            ContentHash.appendDecimal(types.count, to: &out)
            out.append(UInt8(ascii: ":"))
            types.forEach(field)
        }
        for owner in members.keys.sorted() {
            for (property, type) in members[owner]!.sorted(by: { $0.key < $1.key }) {
                out.append(UInt8(ascii: "m"))
                [owner, property, type].forEach(field)
            }
        }
        for (type, keys) in encoded.types.sorted(by: { $0.key < $1.key }) {
            // Every type, even one with no key (an `Encodable` type is a row type whatever it holds).
            out.append(UInt8(ascii: "e"))
            field(type)
            ContentHash.appendDecimal(keys.count, to: &out)
            out.append(UInt8(ascii: ":"))
            for (key, property) in keys.sorted(by: { $0.key < $1.key }) { [key, property].forEach(field) }
        }
        for key in appUserInfoKeys.sorted() {
            out.append(UInt8(ascii: "u"))
            field(key)
        }
        for name in spellings.keys.sorted() {
            let spelled = spellings[name]!.sorted()
            out.append(UInt8(ascii: "s"))
            field(name)
            ContentHash.appendDecimal(spelled.count, to: &out)
            out.append(UInt8(ascii: ":"))
            spelled.forEach(field)
        }
        out.append(UInt8(ascii: "."))
        return String(decoding: out, as: UTF8.self)
    }

    /// The tables `packed` wrote; nil for any other text.
    init?(packed: String) {
        var text = packed
        guard let tables = text.withUTF8({ Self.unpack($0) }) else { return nil }
        self = tables
    }

    private static func unpack(_ bytes: UnsafeBufferPointer<UInt8>) -> DeclaredTypes? {
        var at = 0
        func number() -> Int? {
            var value = 0, digits = 0
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 18 {
                value = value * 10 + Int(bytes[at] - 0x30)
                at += 1
                digits += 1
            }
            guard digits > 0, at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            at += 1
            return value
        }
        func field() -> String? {
            guard let length = number(), length <= bytes.count - at else { return nil }
            defer { at += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[at ..< at + length]), as: UTF8.self)
        }
        var tables = DeclaredTypes()
        var encoded: [String: [String: String]] = [:]
        while at < bytes.count {
            let tag = bytes[at]
            at += 1
            switch tag {
            case UInt8(ascii: "n"):
                guard let name = field(), let count = number(), count <= bytes.count - at else { return nil }
                var types: Set<String> = []
                for _ in 0 ..< count {
                    guard let type = field() else { return nil }
                    types.insert(type)
                }
                tables.names[name] = types
            case UInt8(ascii: "m"):
                guard let owner = field(), let property = field(), let type = field() else { return nil }
                tables.members[owner, default: [:]][property] = type
            case UInt8(ascii: "e"):
                guard let type = field(), let count = number(), count <= bytes.count - at else { return nil }
                var keys: [String: String] = [:]
                for _ in 0 ..< count {
                    guard let key = field(), let property = field() else { return nil }
                    keys[key] = property
                }
                encoded[type] = keys
            case UInt8(ascii: "u"):
                guard let key = field() else { return nil }
                tables.appUserInfoKeys.insert(key)
            case UInt8(ascii: "s"):
                guard let name = field(), let count = number(), count <= bytes.count - at else { return nil }
                var spelled: Set<String> = []
                for _ in 0 ..< count {
                    guard let spelling = field() else { return nil }
                    spelled.insert(spelling)
                }
                tables.spellings[name] = spelled
            case UInt8(ascii: ".") where at == bytes.count:
                tables.encoded = EncodedColumns(types: encoded)
                return tables
            default:
                return nil
            }
        }
        return nil
    }

    init(from decoder: Decoder) throws {
        guard let tables = DeclaredTypes(packed: try decoder.singleValueContainer().decode(String.self)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not packed DeclaredTypes"))
        }
        self = tables
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(packed)
    }

    /// Whether every declaration of `name` has type `type`.
    func declares(_ name: String, as type: String) -> Bool { names[name] == [type] }

    /// The shared enum every declaration of `name` has as its type, if they agree.
    func sharedEnum(declaring name: String, in enums: SwiftSharedEnums) -> SwiftSharedEnums.Declared? {
        enums.sharedEnum(simple: names[name], spellings: spellings[name])
    }

    /// The shared enum `owner`'s property `property` is declared as, if any.
    func sharedEnum(member property: String, of owner: String, in enums: SwiftSharedEnums) -> SwiftSharedEnums.Declared? {
        enums.sharedEnum(simple: members[owner]?[property].map { [$0] }, spellings: spellings[owner + "." + property])
    }

    /// Type declarations (its superclass) and the declared types of names, read in the same walk.
    private final class Collector: TypeDeclarations.Collector {
        var names: [String: Set<String>] = [:]
        var members: [String: [String: String]] = [:]
        var spellings: [String: Set<String>] = [:]
        var nestedNames: Set<String> = []

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
            guard nestedNames.contains(simple), let spelled = WrittenType(type)?.packed else { return }
            spellings[name, default: []].insert(spelled)
            if let owner { spellings[owner + "." + name, default: []].insert(spelled) }
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
