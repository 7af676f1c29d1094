import SwiftSyntax

extension VariableDeclSyntax {
    /// Whether synthesized `Codable` leaves it out whatever its bindings: `static` or `class`, or `lazy` (a lazy
    /// property is neither encoded nor decoded).
    var isLeftOutOfCodableSynthesis: Bool {
        modifiers.contains { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) }
    }
}

extension PatternBindingSyntax {
    /// Whether it stores a value: no accessors, or only observers (`willSet`, `didSet`), which synthesized `Codable`
    /// encodes and decodes like any stored property.
    var storesAValue: Bool {
        switch accessorBlock?.accessors {
        case nil: return true
        case .getter?: return false
        case .accessors(let list)?:
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}
