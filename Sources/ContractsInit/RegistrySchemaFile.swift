import Foundation

/// registry.schema.json beside the registry, so the `# yaml-language-server: $schema=registry.schema.json`
/// line that `init` writes resolves in editors. `init` and `generate` keep it current, but a file that is not
/// ours is never touched: a team may point the line at a schema of its own.
public enum RegistrySchemaFile {
    public static let name = "registry.schema.json"

    /// What to do with the file that is there.
    public enum Action: Equatable, Sendable {
        /// Absent, or an older copy of ours: write the shipped schema.
        case write
        /// Already the shipped schema.
        case keep
        /// Someone else's file: left as it is.
        case foreign
    }

    /// The shipped schema as written to disk: the repository's registry.schema.json, byte for byte, embedded at
    /// build time (`RegistrySchemaText`, made by Plugins/RegistrySchemaPlugin).
    public static var contents: Data { Data(RegistrySchemaText.text.utf8) }

    /// `write` when `existing` is nil or a naars-contracts schema that differs from the shipped one (its
    /// `title` is ours), `keep` when it is the shipped one, `foreign` otherwise (not JSON, another title).
    public static func action(existing: Data?) -> Action {
        guard let existing else { return .write }
        if existing == contents { return .keep }
        guard let object = try? JSONSerialization.jsonObject(with: existing) as? [String: Any],
              object["title"] as? String == "naars-contracts registry" else { return .foreign }
        return .write
    }

    /// Whether a registry's text names the schema beside it (the line `init` writes).
    public static func isReferenced(by registryText: String) -> Bool {
        registryText.split(separator: "\n").contains { line in
            line.hasPrefix("#") && line.contains("yaml-language-server:") && line.contains("$schema=" + name)
        }
    }
}
