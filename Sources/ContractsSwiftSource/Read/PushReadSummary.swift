import ContractsCore
import SwiftSyntax

/// What one Swift file says about the keys the app reads from pushes, for the check that holds them against the
/// keys the server's pushes send (`PushContractCheck`): its literal reads, its reads keyed by a property
/// (`userInfo[type.entityIdKey]`), and the `switch self` properties it declares on the notification-type enum
/// (in the enum or in an extension of it), each arm's constant being the key read for pushes of its cases.
public struct PushReadSummary: Sendable, Equatable, Codable {
    /// `userInfo["groupId"]`.
    public struct KeyRead: Sendable, Equatable, Codable {
        public var key: String
        public var location: ContractsCore.SourceLocation
        /// Inside a `case` of a `switch` (over the type, or anything else): it may be read for some pushes only.
        public var inCase: Bool
    }

    /// `userInfo[type.entityIdKey]`.
    public struct PropertyRead: Sendable, Equatable, Codable {
        public var property: String
        public var location: ContractsCore.SourceLocation
    }

    /// `var entityIdKey: String? { switch self { case .a, .b: return "post_id" … } }` on the notification enum.
    public struct EnumProperty: Sendable, Equatable, Codable {
        public struct Arm: Sendable, Equatable, Codable {
            /// The cases it lists; empty for `default:`.
            public var cases: [String]
            public var isDefault: Bool
            /// The string it returns; nil for `nil` or anything that is not a constant (`known` tells which).
            public var key: String?
            public var known: Bool
            public var location: ContractsCore.SourceLocation
        }

        public var name: String
        public var arms: [Arm]

        /// The arm that decides the value for `caseName`: the one listing it, else `default:`.
        public func arm(for caseName: String) -> Arm? {
            arms.first { $0.cases.contains(caseName) } ?? arms.first(where: \.isDefault)
        }
    }

    public var keyReads: [KeyRead] = []
    public var propertyReads: [PropertyRead] = []
    public var properties: [EnumProperty] = []
    /// Keys the file writes into a notification's `userInfo` itself (a local notification): no push sends them.
    public var appKeys: [String] = []

    public var isEmpty: Bool { keyReads.isEmpty && propertyReads.isEmpty && properties.isEmpty }

    public init() {}
}

/// Reads `PushReadSummary`s.
public enum PushReadReader {
    /// The summary of one file; `enumName`: the notification-type enum's Swift name.
    /// A file without one of these says nothing about pushes (`summary`'s first test).
    public static func needles(enumName: String) -> [[UInt8]] {
        ["userInfo", "AnyHashable", enumName.isEmpty ? "switch self" : enumName].map { Array($0.utf8) }
    }

    public static func summary(path: String, text: String, enumName: String) -> PushReadSummary {
        let source = SourceText(text)
        // A file that reads no push payload and declares nothing on the enum says nothing about pushes.
        guard source.names("userInfo") || source.names("AnyHashable") || (source.names(enumName) && source.names("switch self"))
        else { return PushReadSummary() }
        // A file swift-syntax cannot parse in bounded time is not parsed here either (`swift-source-too-deep`
        // reports it; a fuzzed file of malformed switches took seconds here while the Swift checker refused it).
        guard let file = SwiftTrees.file(path, text: text) else { return PushReadSummary() }
        var summary = PushReadSummary()
        summary.keyReads = file.pushReads.reads.map { read in
            .init(key: read.key, location: file.location(of: read.node), inCase: isInCase(Syntax(read.subscript)))
        }
        summary.propertyReads = file.pushReads.propertyReads.map { read in
            .init(property: read.property, location: file.location(of: read.subscript))
        }
        summary.properties = file.types.memberBlocks(of: enumName).flatMap { $0.switchSelfProperties { _ in true } }.map { property in
            .init(name: property.name, arms: property.arms.map { arm in
                var key: String?
                var known = true
                switch arm.result {
                case .string(let s)?: key = s
                case .none?: break
                default: known = false
                }
                return .init(cases: arm.caseNames, isDefault: arm.isDefault, key: key, known: known,
                             location: file.location(of: arm.resultNode))
            })
        }
        summary.appKeys = file.declaredTypes.appUserInfoKeys.sorted()
        return summary
    }

    /// The properties `swift-attribute-drift` already holds against the registry's per-type values (`icon`,
    /// custom `attributes:`): a push key read through one of those is the registry's to judge.
    public static func registryProperties(_ registry: Registry) -> Set<String> {
        guard let types = registry.notificationTypes, types.swiftEnum != nil else { return [] }
        return Set(Attribute.all(types.sharedEnum, in: registry).map(\.property))
    }

    /// Whether `node` is inside a `case` arm (not `default:`) of a `switch` in its own function.
    private static func isInCase(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current {
            if let arm = n.as(SwitchCaseSyntax.self), case .case = arm.label { return true }
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}
