/// Lines of Swift with four-space indentation, so each render function reads like the code it writes.
struct SwiftCodeWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    /// One line at the current depth; an empty line stays empty (no trailing spaces).
    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `///` doc comment lines.
    mutating func doc(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line(part.isEmpty ? "///" : "/// " + part)
        }
    }

    /// `opener {`, the body one level deeper, then `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftCodeWriter) -> Void) {
        line(opener + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Lines one level deeper without braces (the body of a `case` label).
    mutating func indented(_ body: (inout SwiftCodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// The text, ending with a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}
