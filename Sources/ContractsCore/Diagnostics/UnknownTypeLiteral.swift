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
    /// The literal's UTF-8 bytes in its file, quotes included (what `check --fix` replaces), when the reader knows.
    public let bytes: Range<Int>?

    public init(raw: String?, constKey: String? = nil, at location: SourceLocation, standing: Standing, written: Bool,
                bytes: Range<Int>? = nil) {
        self.raw = raw
        self.constKey = constKey
        self.location = location
        self.standing = standing
        self.written = written
        self.bytes = bytes
    }

    /// The edit that writes `value` in place of the literal, between `quote`s (none without its bytes, or when
    /// `value` needs escapes).
    public func replacement(_ value: String, quote: Character) -> [FixEdit] {
        guard let bytes, let literal = FixEdit.quoted(value, quote: quote) else { return [] }
        return [FixEdit(file: location.file, start: bytes.lowerBound, end: bytes.upperBound, replacement: literal)]
    }
}
