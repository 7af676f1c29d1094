import ContractsCore

/// The CHECK constraint on the registry's column as the database has it after every migration ran.
public struct EffectiveConstraint: Sendable, Equatable {
    /// Its name in the database (PostgreSQL's choice when the migration gave none).
    public var name: String
    /// The values it allows, in the order the migration wrote them. When several readable checks are
    /// active on the column, the values all of them allow.
    public var values: [String]
    /// Where the migration that last set it wrote the constraint.
    public var location: SourceLocation
    /// Added `NOT VALID` and never validated: old rows may hold other values.
    public var notValid: Bool

    public init(name: String, values: [String], location: SourceLocation, notValid: Bool) {
        self.name = name
        self.values = values
        self.location = location
        self.notValid = notValid
    }
}
