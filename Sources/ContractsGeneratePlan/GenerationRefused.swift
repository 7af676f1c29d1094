/// Generation cannot proceed because an input is broken (a migration that does not parse, so the effective
/// constraint is unknown) or a file would clash with the app's own code. Nothing is written; the CLI exits 2.
public struct GenerationRefused: Error, CustomStringConvertible, Sendable {
    /// Lines in `file:line:col: error: message` form.
    public var lines: [String]

    public init(lines: [String]) { self.lines = lines }

    public var description: String { lines.joined(separator: "\n") }
}

extension GenerationRefused {
    /// A generated type the app declares too, one line each (at the app's declaration) with both ways out.
    init(redeclarations: [SwiftRedeclaration]) {
        self.init(lines: redeclarations.map { r in
            "\(r.handWritten.location): error: \(r.message); nothing was written. Either \(r.fix)"
        })
    }
}
