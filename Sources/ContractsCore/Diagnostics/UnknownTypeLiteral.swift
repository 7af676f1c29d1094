/// A literal a hand-written source uses as a notification type where the registry does not allow it: the fact
/// behind `swift-unknown-literal` and `ts-unknown-literal` (each finding is worded from one), and what `generate`
/// reads before it writes a first CHECK constraint (a value the constraint would reject).
public struct UnknownTypeLiteral: Hashable, Sendable {
    /// Why the registry does not allow the literal where it stands.
    public enum Standing: Hashable, Sendable {
        /// The registry does not list the value (or, in TypeScript, the const object lacks the key).
        case unregistered
        /// The value is retired (`notification_types.retired`) and written again.
        case retired
        /// The value is registered, but never on this surface: server-only in the app, app-only on the server.
        case offSurface
    }

    /// The value, or nil for `CONST.KEY` whose key the const object lacks: that writes no value.
    public let raw: String?
    /// `CONST.KEY`'s key, when the literal is written that way (TypeScript).
    public let constKey: String?
    public let location: SourceLocation
    public let standing: Standing
    /// Written (a row, a payload, an emitter's argument) rather than read or compared.
    public let written: Bool

    public init(raw: String?, constKey: String? = nil, at location: SourceLocation, standing: Standing, written: Bool) {
        self.raw = raw
        self.constKey = constKey
        self.location = location
        self.standing = standing
        self.written = written
    }
}
