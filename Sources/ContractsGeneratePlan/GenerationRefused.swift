/// Generation cannot proceed because an input is broken (a migration that does not parse, so the effective
/// constraint is unknown). Nothing is written; the CLI exits 2.
public struct GenerationRefused: Error, CustomStringConvertible, Sendable {
    /// Lines in `file:line:col: error: message` form.
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    public var description: String { lines.joined(separator: "\n") }
}
