/// "Did you mean": the registered name closest to a misspelled one, by edit distance.
enum Suggestion {
    /// The candidate within a third of the word's length in edits (at least 1, at most 3), nearest first.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (String, Int)?
        for c in candidates.sorted() {
            let d = distance(Array(word.utf8), Array(c.utf8))
            if d <= limit, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over bytes.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
