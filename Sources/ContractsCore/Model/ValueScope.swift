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

/// A side of the stack a surface stands on: the app (its Swift) or the server (the database and the edge functions).
/// A value's scope says which sides hold it; a literal or declaration of a value its side never holds is drift.
public enum StackSide: Sendable {
    case app
    case server
}

extension ValueScope {
    /// Whether `side` holds a value of this scope.
    public func holds(on side: StackSide) -> Bool { side == .app ? inApp : onServer }
}

/// What a raw string is to an enum on one side of the stack (`SharedEnum.standing(of:on:)`).
public enum ValueStanding: Sendable, Equatable {
    /// One of its values, and that side holds it.
    case held(SharedEnumValue)
    /// One of its values that the side never holds: server-only in the app, app-only on the server.
    case outOfScope(SharedEnumValue)
    /// A retired value: old rows may hold it, nothing may write it.
    case retired(RetiredValue)
    /// Not one of its values, nor retired.
    case unknown
}
