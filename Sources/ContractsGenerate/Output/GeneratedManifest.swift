/// `.naars-contracts-generated`, next to the registry: the Swift and TypeScript files the last `generate`
/// wrote. `generate` removes a file the registry no longer produces only when this list names it (and it
/// still starts with the exact generated header), so a hand-written file in an output folder is never
/// removed, whatever it says. Committed with the generated files, so every clone knows what was generated.
public enum GeneratedManifest {
    /// The file name, relative to the registry's folder.
    public static let fileName = ".naars-contracts-generated"

    /// The first line; an existing manifest must start with it to be rewritten.
    static let firstLine = "# Files `naars-contracts generate` wrote. It removes a file only when it is listed here,"

    /// The manifest text for `paths` (sorted, one a line).
    public static func text(paths: [String]) -> String {
        """
        \(firstLine)
        # the registry no longer produces it, and it still starts with the generated header. Commit this file.

        """ + paths.sorted().map { $0 + "\n" }.joined()
    }

    /// The paths a manifest lists (comments, blank lines and paths that could leave the folder are skipped).
    public static func paths(in text: String) -> [String] {
        text.split(separator: "\n").map { String($0) }.filter { line in
            guard !line.hasPrefix("#"), !line.isEmpty, !line.hasPrefix("/") else { return false }
            return !line.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == ".git" || $0.isEmpty }
        }
    }

    /// Whether an existing file is a manifest we wrote (so rewriting it loses nothing).
    public static func isManifest(_ text: String) -> Bool { text.hasPrefix(firstLine + "\n") }
}
