/// One significant token of a TypeScript file, with its UTF-8 byte range so findings point at it exactly.
public struct TSToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Identifiers and keywords alike (`const`, `payload`, `#secret`): the rules look at words, not grammar.
        case identifier
        case number
        case punctuator
        /// `'…'` or `"…"`; `value` holds the decoded text.
        case string
        /// A template chunk: `` `text${ ``, `` }text${ ``, `` }text` `` or a whole `` `text` ``. Not a string
        /// literal for the rules (its text is prose, and its expressions are tokens in between).
        case template
        /// `/pattern/flags`.
        case regex
    }

    public var kind: Kind
    /// The source text of the token.
    public var text: String
    /// The decoded value of a string literal; the source text for every other kind.
    public var value: String
    /// Byte offset of the first byte.
    public var start: Int
    /// Byte offset just past the last byte.
    public var end: Int

    public init(kind: Kind, text: String, value: String? = nil, start: Int, end: Int) {
        self.kind = kind
        self.text = text
        self.value = value ?? text
        self.start = start
        self.end = end
    }

    /// Whether this is the punctuator `p`.
    public func isPunct(_ p: String) -> Bool { kind == .punctuator && text == p }

    /// Whether this is the identifier or keyword `word`.
    public func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// A comment, kept apart from the tokens (inline suppressions read them; the rules never do).
public struct TSComment: Sendable, Equatable {
    public var text: String
    public var start: Int
    public var end: Int

    public init(text: String, start: Int, end: Int) {
        self.text = text
        self.start = start
        self.end = end
    }
}

/// What lexing a file yields.
public struct TSLexed: Sendable, Equatable {
    public var tokens: [TSToken]
    public var comments: [TSComment]
}
