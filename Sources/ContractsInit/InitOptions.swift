/// What the user pinned on the command line instead of letting `init` choose.
public struct InitOptions: Sendable, Equatable {
    /// The table of the type column (`notifications` or `public.notifications`).
    public var table: String?
    public var column: String?
    /// The Swift enum that declares the values.
    public var swiftEnum: String?

    public init(table: String? = nil, column: String? = nil, swiftEnum: String? = nil) {
        self.table = table
        self.column = column
        self.swiftEnum = swiftEnum
    }
}
