import Foundation

/// registry.yaml → validated `Registry`: parse (libyaml via Yams), decode (shapes, keys, formats),
/// validate (duplicates, references). Every problem is reported at once, each at its line and column.
public enum RegistryLoader {
    /// The largest registry read; anything bigger is refused before parsing.
    public static let maximumSize = 4 * 1024 * 1024

    /// Loads a registry from its text. `file` is the path findings name (relative to the root).
    ///
    /// `ruleIDs`: the rule ids `rules:` may name. Core knows no checker, so the caller passes the catalog of
    /// every checker's rules (ContractsCheck's `RuleCatalog.ids`, as every CLI command does); an unknown id is
    /// then an error at its key, with a suggestion, in the same pass as every other problem. Nil accepts any
    /// id (tools and tests that never apply severities). Evaluated only when the registry has a `rules:` section.
    public static func load(text: String, file: String, ruleIDs: @escaping @autoclosure () -> [String]? = nil) throws -> Registry {
        let diagnostics = RegistryDiagnostics(file: file)
        guard text.utf8.count <= maximumSize else {
            throw RegistryErrors([RegistryError("the registry is larger than \(maximumSize / 1024 / 1024) MiB",
                                                at: diagnostics.location(line: 1, column: 1))])
        }
        let reader = YAMLReader(diagnostics: diagnostics)
        let registry = YAMLDocument.withRoot(text, diagnostics: diagnostics) { root in
            RegistryDecoder(reader: reader, file: file, ruleIDs: ruleIDs).decode(root)
        }
        if let registry { ReferenceValidator(diagnostics: diagnostics).validate(registry) }
        guard let registry, diagnostics.errors.isEmpty else {
            throw RegistryErrors(diagnostics.errors.isEmpty
                ? [RegistryError("the registry could not be read", at: diagnostics.location(line: 1, column: 1))]
                : diagnostics.errors)
        }
        return registry
    }

    /// Loads a registry file from disk; unreadable or non-UTF-8 files are registry errors too.
    public static func load(contentsOf url: URL, file: String, ruleIDs: @escaping @autoclosure () -> [String]? = nil) throws -> Registry {
        try loadWithBytes(contentsOf: url, file: file, ruleIDs: ruleIDs()).registry
    }

    /// The same, with the exact bytes the registry was parsed from: the check cache keys its findings by
    /// them, never by a second read that an edit in between would make disagree.
    public static func loadWithBytes(contentsOf url: URL, file: String, ruleIDs: @escaping @autoclosure () -> [String]? = nil) throws -> (registry: Registry, bytes: Data) {
        let data: Data
        do {
            data = try RegistryFileReader.read(url.path)
        } catch let reason as RegistryFileReader.Unreadable {
            throw RegistryErrors([RegistryError("cannot read the registry: \(reason.description)",
                                                at: SourceLocation(file: file, line: 1, column: 1))])
        }
        guard data.count <= maximumSize else {
            throw RegistryErrors([RegistryError("the registry is larger than \(maximumSize / 1024 / 1024) MiB",
                                                at: SourceLocation(file: file, line: 1, column: 1))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RegistryErrors([RegistryError("the registry is not valid UTF-8", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        return (try load(text: text, file: file, ruleIDs: ruleIDs()), data)
    }
}
