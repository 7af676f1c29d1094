/// Where a value exists: everywhere, in the app only (a UI-only case the database and server never hold), or on
/// the server only (the app decodes it to the fallback). A literal of a value out of scope on a surface is drift.
public enum ValueScope: String, Sendable, Equatable {
    case all
    case app
    case server

    /// Whether the Swift app declares the value.
    public var inApp: Bool { self != .server }
    /// Whether the database and the edge functions hold or send the value.
    public var onServer: Bool { self != .app }
}
