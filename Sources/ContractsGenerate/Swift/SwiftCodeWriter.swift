/// Lines of Swift with four-space indentation, so each render function reads like the code it writes.
struct SwiftCodeWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    /// One line at the current depth; an empty line stays empty (no trailing spaces).
    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// The longest line the writer aims for, SwiftLint's and swift-format's default: callers with a line
    /// that may run longer (long registry names) ask `fits` and wrap when it does not.
    static let maximumLineLength = 120

    /// Whether `text` on one line at the current depth stays within `maximumLineLength`.
    func fits(_ text: String) -> Bool { depth * 4 + text.count <= SwiftCodeWriter.maximumLineLength }

    /// `head(a, b)tail` on one line when it fits, else the arguments one a line, a level deeper, and
    /// `)tail` on a line of its own (the layout swift-format gives a call that is too long).
    mutating func call(_ head: String, _ arguments: [String], tail: String = "") {
        let oneLine = head + "(" + arguments.joined(separator: ", ") + ")" + tail
        guard !fits(oneLine), !arguments.isEmpty else { return line(oneLine) }
        line(head + "(")
        indented { w in
            for (i, argument) in arguments.enumerated() { w.line(argument + (i == arguments.count - 1 ? "" : ",")) }
        }
        line(")" + tail)
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
