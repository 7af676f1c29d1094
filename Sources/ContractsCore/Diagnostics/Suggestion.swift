/// "Did you mean": the candidate nearest to a misspelt word by edit distance (Levenshtein), if it is close
/// enough. One implementation for the registry reader and the Swift and TypeScript rules.
///
/// How close is close enough stays each caller's (`Closeness`): unifying the limits would change the hints
/// users already see in registry errors and findings (a short registry key gets 2 edits, a TypeScript name
/// at most 3).
public enum Suggestion {
    /// How far a candidate may be from the word: a third of the word's length in edits, within bounds.
    public struct Closeness: Sendable {
        /// The fewest edits allowed, however short the word.
        public let minimumEdits: Int
        /// The most edits allowed, however long the word (nil: no cap).
        public let maximumEdits: Int?
        /// Whether `Rides` and `rides` are equal.
        public let ignoresCase: Bool

        public init(minimumEdits: Int, maximumEdits: Int? = nil, ignoresCase: Bool = false) {
            self.minimumEdits = minimumEdits
            self.maximumEdits = maximumEdits
            self.ignoresCase = ignoresCase
        }

        /// Registry keys and names, typed by hand in YAML: case ignored, at least 2 edits.
        public static let registryKey = Closeness(minimumEdits: 2, ignoresCase: true)
        /// Notification-type literals in Swift: at least 1 edit.
        public static let swiftLiteral = Closeness(minimumEdits: 1)
        /// Names in TypeScript (raw values, const keys, payload keys): at least 1 edit, at most 3.
        public static let typeScriptName = Closeness(minimumEdits: 1, maximumEdits: 3)

        /// The edits allowed for a word of `length`.
        func limit(forLength length: Int) -> Int {
            let third = max(minimumEdits, length / 3)
            return maximumEdits.map { min($0, third) } ?? third
        }
    }

    /// The candidate within `closeness` of `word`, nearest first; among equally near ones, the first given.
    /// Registry keys are compared by character, source names by UTF-8 byte (as their readers see them).
    public static func closest(to word: String, among candidates: [String], closeness: Closeness = .registryKey) -> String? {
        let measured: (String) -> [UInt32]
        if closeness.ignoresCase {
            // By character: one accented letter is one edit in hand-written YAML.
            var codes: [Character: UInt32] = [:]
            measured = { text in
                text.lowercased().map { c in
                    if let code = codes[c] { return code }
                    codes[c] = UInt32(codes.count)
                    return codes[c]!
                }
            }
        } else {
            measured = { text in text.utf8.map(UInt32.init) }
        }
        let target = measured(word)
        let limit = closeness.limit(forLength: closeness.ignoresCase ? word.count : word.utf8.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(target, measured(candidate), atMost: min(limit, (best?.distance ?? Int.max) - 1))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// The one candidate within `closeness` of `word`, or nil when none is or several are: what `check --fix`
    /// may write in place of a misspelt word. The hint (`closest`) may name the nearest of several; an edit may not,
    /// nor may it write the opposite of the word (`inactive` is near `active`, but not a misspelling of it).
    public static func only(to word: String, among candidates: [String], closeness: Closeness) -> String? {
        guard !closeness.ignoresCase else { return nil }
        let target = Array(word.utf8).map(UInt32.init)
        let limit = closeness.limit(forLength: word.utf8.count)
        let near = Set(candidates).filter { $0 != word && distance(target, $0.utf8.map(UInt32.init), atMost: limit) <= limit }
        guard near.count == 1, let only = near.first, !negates(word, only) else { return nil }
        return only
    }

    /// Whether one word is the other behind a negating prefix (`inactive`/`active`, `unread`/`read`, `notSent`/`sent`).
    static func negates(_ a: String, _ b: String) -> Bool {
        let (long, short) = a.count > b.count ? (a.lowercased(), b.lowercased()) : (b.lowercased(), a.lowercased())
        return ["in", "un", "non", "dis", "not", "im"].contains { prefix in
            [prefix, prefix + "_", prefix + "-"].contains { long == $0 + short }
        }
    }

    /// Levenshtein distance between two sequences when it is at most `bound`, else `bound + 1` (or more): a file of
    /// hundreds of unknown literals asks for hundreds of suggestions, so a candidate stops being measured as soon as
    /// it cannot be near (its length alone, or a whole row of the table, over the bound).
    static func distance(_ a: [UInt32], _ b: [UInt32], atMost bound: Int) -> Int {
        guard bound >= 0 else { return bound + 1 }
        if abs(a.count - b.count) > bound { return bound + 1 }
        if a.isEmpty { return b.count }
        var row = Array(0 ... b.count)
        return row.withUnsafeMutableBufferPointer { row in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in 0 ..< a.count {
                        var diagonal = row[0]
                        row[0] = i + 1
                        var least = row[0]
                        let x = a[i]
                        for j in 0 ..< b.count {
                            let above = row[j + 1]
                            let value = Swift.min(above + 1, row[j] + 1, diagonal + (x == b[j] ? 0 : 1))
                            row[j + 1] = value
                            least = Swift.min(least, value)
                            diagonal = above
                        }
                        if least > bound { return bound + 1 }
                    }
                    return row[b.count]
                }
            }
        }
    }

    /// Levenshtein distance between two sequences.
    public static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
