/// Which function definitions a later one replaces, judged from the migrations' text before any is parsed, so
/// the replaced bodies are only checked for syntax (`BodyRelevance`'s `read: false`): no rule reads the body of a
/// definition that a later `CREATE [OR REPLACE] FUNCTION` of the same name replaces (the SQL rules read the
/// definitions still live after the replay; `sql-order-ambiguity` reads where each definition is, which the parse
/// of the statement itself gives).
///
/// The scan is a cheap lexical pass (comments, strings, quoted identifiers and dollar-quoted bodies stepped over),
/// so it may be wrong about a statement PostgreSQL reads otherwise; `MigrationHistory.load` checks every skipped
/// body against the parsed history and parses again, in full, any migration whose skipped definition nothing
/// replaces after all. A definition the scan misses is only read in full.
enum SupersededFunctions {
    /// The functions (and procedures) `bytes` defines at its top level, in order: schema-qualified and lowercased as
    /// `SQLFacts.qualifiedName` names them (`public.` when no schema is written).
    static func definitions(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var scanner = Scanner(bytes: bytes)
        var names: [String] = []
        while scanner.nextTopLevelWord(is: "create") {
            var next = scanner.word()
            if next == "or" {
                guard scanner.word() == "replace" else { continue }
                next = scanner.word()
            }
            guard next == "function" || next == "procedure", let name = scanner.qualifiedName() else { continue }
            names.append(name)
        }
        return names
    }

    /// For each migration (replay order, each its `definitions`): how many of its first definitions of each name a
    /// later definition replaces (in the same migration or a later one).
    static func superseded(_ definitions: [[String]]) -> [[String: Int]] {
        var later: Set<String> = []
        var out = [[String: Int]](repeating: [:], count: definitions.count)
        for index in definitions.indices.reversed() {
            var counts: [String: Int] = [:]
            for name in definitions[index] { counts[name, default: 0] += 1 }
            for (name, count) in counts {
                let replaced = later.contains(name) ? count : count - 1
                if replaced > 0 { out[index][name] = replaced }
            }
            later.formUnion(counts.keys)
        }
        return out
    }

    /// The migrations (indices of `facts`, replay order) with a skipped body that no later definition replaces: they
    /// must be parsed again in full.
    static func unsound(_ facts: [MigrationFacts]) -> [Int] {
        var later: Set<String> = []
        var out: [Int] = []
        for index in facts.indices.reversed() {
            var sound = true
            for function in facts[index].functions.reversed() {
                if function.bodySkipped, !later.contains(function.name) { sound = false }
                later.insert(function.name)
            }
            if !sound { out.append(index) }
        }
        return out.reversed()
    }

    /// Just enough of PostgreSQL's lexer to find the words outside comments, strings and dollar quotes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        /// Steps to just after the next word outside comments, strings and quoted text that is `keyword` (lowercase
        /// ASCII), any case; false at the end. Other words are stepped over without being copied.
        mutating func nextTopLevelWord(is keyword: StaticString) -> Bool {
            while at < bytes.count {
                let b = bytes[at]
                if Self.startsWord(b) {
                    // A word: `$` inside it (`a$b`) is part of it, not a dollar quote.
                    let start = at
                    while at < bytes.count, Self.inWord(bytes[at]) { at += 1 }
                    if at - start == keyword.utf8CodeUnitCount,
                       (0 ..< at - start).allSatisfy({ bytes[start + $0] | 0x20 == keyword.utf8Start[$0] }) {
                        return true
                    }
                    continue
                }
                if !skipNonWord() { at += 1 }
            }
            return false
        }

        /// The next token when it is a word (after spaces and comments), lowercased; nil otherwise (not consumed).
        mutating func word() -> String? {
            skipSpaceAndComments()
            guard at < bytes.count, Self.startsWord(bytes[at]) else { return nil }
            return readWord()
        }

        /// `name`, `schema.name`, `"Quoted".name` (spaces and comments allowed around the dot): lowercased and
        /// qualified with `public.` when no schema is written.
        mutating func qualifiedName() -> String? {
            var parts: [String] = []
            while true {
                skipSpaceAndComments()
                guard at < bytes.count else { return nil }
                if bytes[at] == UInt8(ascii: "\"") {
                    guard let quoted = readQuoted() else { return nil }
                    parts.append(quoted.lowercased())
                } else if Self.startsWord(bytes[at]) {
                    parts.append(readWord())
                } else {
                    return nil
                }
                skipSpaceAndComments()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ".") else { break }
                at += 1
            }
            guard let last = parts.last else { return nil }
            return (parts.count > 1 ? parts[parts.count - 2] : "public") + "." + last
        }

        private static func startsWord(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || b == UInt8(ascii: "_") || b >= 0x80
        }

        private static func inWord(_ b: UInt8) -> Bool {
            startsWord(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "$")
        }

        private mutating func readWord() -> String {
            let start = at
            while at < bytes.count, Self.inWord(bytes[at]) { at += 1 }
            var word = Array(bytes[start ..< at])
            for i in word.indices where word[i] >= UInt8(ascii: "A") && word[i] <= UInt8(ascii: "Z") { word[i] |= 0x20 }
            return String(decoding: word, as: UTF8.self)
        }

        /// `"..."` (`""` inside): its text, or nil when it does not close.
        private mutating func readQuoted() -> String? {
            at += 1
            var text: [UInt8] = []
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "\"") {
                    if at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "\"") {
                        text.append(UInt8(ascii: "\""))
                        at += 2
                        continue
                    }
                    at += 1
                    return String(decoding: text, as: UTF8.self)
                }
                text.append(bytes[at])
                at += 1
            }
            return nil
        }

        private mutating func skipSpaceAndComments() {
            at = SQLSource.firstToken(in: bytes, from: at)
        }

        /// A comment at `at` (block comments nest): stepped over (true), or nothing done (false).
        private mutating func skipComment() -> Bool {
            let next = SQLSource.firstToken(in: bytes, from: at)
            defer { at = next }
            return next > at
        }

        /// A comment, string, quoted identifier, dollar-quoted text or number at `at`: stepped over (true), or
        /// nothing done (false).
        private mutating func skipNonWord() -> Bool {
            let b = bytes[at]
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "/") { return skipComment() }
            if b == UInt8(ascii: "\"") {
                _ = readQuoted()
                return true
            }
            if b == UInt8(ascii: "'") {
                // `E'...'` and `e'...'` take backslash escapes; their `E` was read as a word just before.
                let escapes = at > 0 && (bytes[at - 1] == UInt8(ascii: "E") || bytes[at - 1] == UInt8(ascii: "e"))
                at += 1
                while at < bytes.count {
                    if escapes, bytes[at] == UInt8(ascii: "\\") {
                        at += 2
                    } else if bytes[at] == UInt8(ascii: "'") {
                        at += 1
                        guard at < bytes.count, bytes[at] == UInt8(ascii: "'") else { return true }
                        at += 1
                    } else {
                        at += 1
                    }
                }
                return true
            }
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                while at < bytes.count, Self.inWord(bytes[at]) || bytes[at] == UInt8(ascii: ".") { at += 1 }
                return true
            }
            if b == UInt8(ascii: "$") { return skipDollarQuote() }
            return false
        }

        /// `$tag$ ... $tag$` (or `$$ ... $$`) at `at`: stepped over (true); a parameter (`$1`) or a lone `$`: false.
        private mutating func skipDollarQuote() -> Bool {
            var end = at + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "$") {
                let c = bytes[end]
                guard Self.startsWord(c) || (end > at + 1 && c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) else { return false }
                end += 1
            }
            guard end < bytes.count else { return false }
            let tag = bytes[at ... end]
            var i = end + 1
            while i + tag.count <= bytes.count {
                if bytes[i] == UInt8(ascii: "$"), bytes[i ..< i + tag.count].elementsEqual(tag) {
                    at = i + tag.count
                    return true
                }
                i += 1
            }
            at = bytes.count
            return true
        }
    }
}
