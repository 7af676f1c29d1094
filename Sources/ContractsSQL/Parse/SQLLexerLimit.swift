/// The one shape of SQL text PostgreSQL's own lexer reads in quadratic time: a long run of operator
/// characters (`+-*/<>=~!@#%^&|` and `` ` ``, `?`). Its rules for `/*` and for operators first match the
/// whole run, then give back all but a few bytes, once per token, so the time grows with the square of the
/// run's length. A migration with a longer run is reported and not parsed.
enum SQLLexerLimit {
    /// Far longer than any banner comment or operator; PostgreSQL still reads such a run in well under a second.
    static let longestOperatorRun = 10_000

    /// The byte offset where the first run longer than the limit starts; nil when there is none.
    static func offsetOfLongOperatorRun(in bytes: [UInt8]) -> Int? {
        var runStart = 0, runLength = 0
        for (i, b) in bytes.enumerated() {
            if isOperatorCharacter(b) {
                if runLength == 0 { runStart = i }
                runLength += 1
                if runLength > longestOperatorRun { return runStart }
            } else {
                runLength = 0
            }
        }
        return nil
    }

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
