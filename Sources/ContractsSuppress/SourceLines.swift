import ContractsCore

/// The lines of the files findings point at, read once each from a `FileTree`.
///
/// Inline suppressions look at a finding's line and the one before it; baseline fingerprints use the
/// finding's line text. A file that cannot be read (a finding about a deleted file, or about the tree as a
/// whole) simply has no lines, so it is never suppressed inline and fingerprints with an empty line.
struct SourceLines {
    private var lines: [String: [Substring]] = [:]

    /// Reads every file named by `findings`' locations.
    init(for findings: [Finding], in tree: FileTree) {
        for file in Set(findings.map(\.location.file)) {
            guard let text = try? tree.readText(file) else { continue }
            lines[file] = SourceLines.split(text)
        }
    }

    /// Every line without its break: cut at each LF or CRLF, then one trailing lone CR dropped. Byte by
    /// byte, as a split into `Character`s (where "\r\n" is one) gives it, at a fraction of the cost: an LF
    /// and a CR not before an LF are always characters of their own.
    static func split(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        var out: [Substring] = []
        var start = utf8.startIndex
        var index = start
        func add(_ end: String.Index) {
            var end = end
            if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            out.append(text[start ..< end])
        }
        while index < utf8.endIndex {
            if utf8[index] == 0x0A {
                var end = index
                if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }  // CRLF
                add(end)
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        add(utf8.endIndex)
        return out
    }

    /// The text of 1-based line `number` of `file`, without its line break; nil when out of range.
    func line(_ number: Int, of file: String) -> Substring? {
        guard let fileLines = lines[file], number >= 1, number <= fileLines.count else { return nil }
        return fileLines[number - 1]
    }
}
