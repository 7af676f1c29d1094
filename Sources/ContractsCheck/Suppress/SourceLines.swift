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
            // "\r\n" is one Character in Swift, so it is a separator of its own.
            lines[file] = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
                .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        }
    }

    /// The text of 1-based line `number` of `file`, without its line break; nil when out of range.
    func line(_ number: Int, of file: String) -> Substring? {
        guard let fileLines = lines[file], number >= 1, number <= fileLines.count else { return nil }
        return fileLines[number - 1]
    }
}
