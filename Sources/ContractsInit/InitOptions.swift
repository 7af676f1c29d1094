/// What the user pinned on the command line instead of letting `init` choose.
public struct InitOptions: Sendable, Equatable {
    /// The table of the type column (`notifications` or `public.notifications`).
    public var table: String?
    public var column: String?
    /// The Swift enum that declares the values.
    public var swiftEnum: String?
    /// The shared enums to register (`--enum`, by name or qualified Swift enum); empty: every one found.
    public var enums: [String]
    /// The deep-link enum (`--deep-link-enum`), instead of the one the push handling builds from `userInfo`.
    public var deepLinkEnum: String?
    /// The notification enum (`--notifications-enum`): a Swift enum or a shared enum's name, or `none` for an app
    /// with no notification contract; nil: the one the notification flow names, if any.
    public var notificationsEnum: String?

    public init(table: String? = nil, column: String? = nil, swiftEnum: String? = nil, enums: [String] = [],
                deepLinkEnum: String? = nil, notificationsEnum: String? = nil) {
        self.table = table
        self.column = column
        self.swiftEnum = swiftEnum
        self.enums = enums
        self.deepLinkEnum = deepLinkEnum
        self.notificationsEnum = notificationsEnum
    }
}
