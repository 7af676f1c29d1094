/// One problem with registry.yaml, at the line and column it is about.
public struct RegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `registry.yaml:12:7: error: message`, the form compilers and editors print.
    public var description: String { "\(location): error: \(message)" }
}

/// Every problem found in a registry; loading reports them all at once, sorted by position.
public struct RegistryErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [RegistryError]

    public init(_ errors: [RegistryError]) {
        self.errors = errors.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Collects registry errors while the stages run, so one pass reports every problem.
final class RegistryDiagnostics {
    let file: String
    private(set) var errors: [RegistryError] = []

    init(file: String) { self.file = file }

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: max(line, 1), column: max(column, 1))
    }

    func error(_ message: String, at location: SourceLocation) {
        errors.append(RegistryError(message, at: location))
    }
}
