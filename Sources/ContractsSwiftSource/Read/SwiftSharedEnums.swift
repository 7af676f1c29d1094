import ContractsCore

/// The registry's enums as the Swift reader meets them: by the Swift enum that declares them,
/// and by the table columns that hold them.
struct SwiftSharedEnums: Sendable {
    /// A shared enum with a Swift enum: its name's components as the registry qualifies it (`Expense.Category`).
    struct Declared: Sendable {
        let sharedEnum: SharedEnum
        let components: [String]
        /// The name as the registry writes it.
        var swiftName: String { components.joined(separator: ".") }
    }

    /// Every shared enum with a Swift enum, in registry order.
    let declared: [Declared]
    /// The simple names of the Swift enums the registry qualifies (`Category` for `Expense.Category`): the reader
    /// keeps how a type of that name was written, and where, to tell the nested enum from a namesake.
    let nestedNames: Set<String>
    private let byLastName: [String: [Declared]]

    /// Every enum of the registry, the notification enum first.
    init(_ registry: Registry) { self.init(registry.allEnums) }

    /// `enums`, each with a Swift enum.
    init(_ enums: [SharedEnum]) {
        declared = enums.compactMap { e in
            e.swiftEnum.map { Declared(sharedEnum: e, components: $0.split(separator: ".").map(String.init)) }
        }
        nestedNames = Set(declared.filter { $0.components.count > 1 }.compactMap(\.components.last))
        byLastName = Dictionary(grouping: declared) { $0.components.last ?? "" }
    }

    var isEmpty: Bool { declared.isEmpty }

    /// The shared enums whose Swift enum's simple name is `name`.
    func named(_ name: String) -> [Declared] { byLastName[name] ?? [] }

    /// The shared enum a type written this way is: its simple name must be the enum's, and a qualified enum
    /// (`Expense.Category`) must be reachable from where it is written (`WrittenType.refers(to:)`).
    func sharedEnum(_ type: WrittenType) -> Declared? {
        named(type.written.last ?? "").first { $0.components.count == 1 || type.refers(to: $0.components) }
    }

    /// The shared enum a name is declared as, given every declaration's simple type (`simple`) and, for a nested
    /// name, how each declaration spelled it (`spellings`): nil unless all agree.
    func sharedEnum(simple: Set<String>?, spellings: Set<String>?) -> Declared? {
        guard let simple, simple.count == 1, let name = simple.first else { return nil }
        return named(name).first { declared in
            guard declared.components.count > 1 else { return true }
            guard let spellings, !spellings.isEmpty else { return false }
            return spellings.allSatisfy { WrittenType(packed: $0)?.refers(to: declared.components) == true }
        }
    }
}
