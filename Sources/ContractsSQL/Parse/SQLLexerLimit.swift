/// The one shape of SQL text PostgreSQL's own lexer reads in quadratic time: a long run of operator
/// characters (`+-*/<>=~!@#%^&|` and `` ` ``, `?`). Its rules for `/*` and for operators first match the
/// whole run, then give back all but a few bytes, once per token, so the time grows with the square of the
/// run's length. A migration with a longer run is reported and not parsed.
enum SQLLexerLimit {
    /// Far longer than any banner comment or operator; PostgreSQL still reads such a run in well under a second.
    static let longestOperatorRun = 10_000
    /// The lexer's work on a file's runs together (the sum of each run's length squared), bounded at four runs of
    /// the longest length: many runs each within the limit add up too.
    static let operatorRunWork = 4 * longestOperatorRun * longestOperatorRun

    /// Where the first run longer than the limit starts, or the run that takes the file's runs past
    /// `operatorRunWork`; nil when there is none.
    static func longOperatorRun(in bytes: [UInt8]) -> (offset: Int, tooLong: Bool)? {
        var runStart = 0, runLength = 0, work = 0
        for (i, b) in bytes.enumerated() {
            if isOperatorCharacter(b) {
                if runLength == 0 { runStart = i }
                runLength += 1
                if runLength > longestOperatorRun { return (runStart, true) }
                // A run of length L costs about L squared: each new character adds 2L - 1.
                work += 2 * runLength - 1
                if work > operatorRunWork { return (runStart, false) }
            } else {
                runLength = 0
            }
        }
        return nil
    }

    /// The byte offset where the first run longer than the limit starts (or the run past the file's bound); nil
    /// when there is none.
    static func offsetOfLongOperatorRun(in bytes: [UInt8]) -> Int? { longOperatorRun(in: bytes)?.offset }

    /// PostgreSQL's `op_chars` (scan.l), with `/` and `*`, which start comments.
    private static func isOperatorCharacter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "^"),
             UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "`"), UInt8(ascii: "?"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
