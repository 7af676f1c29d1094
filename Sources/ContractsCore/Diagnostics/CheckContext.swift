/// What every checker gets: the validated registry and the files to judge.
///
/// Checkers are pure functions of this (`SQLSourceCheck.findings(in:)`, `SwiftSourceCheck.findings(in:)`, ...):
/// they return findings with their rule's default severity; `ContractsCheck` applies the registry's severities,
/// inline suppressions and the baseline.
public struct CheckContext: Sendable {
    public let registry: Registry
    /// The project's files, relative to the registry's folder.
    public let tree: FileTree

    public init(registry: Registry, tree: FileTree) {
        self.registry = registry
        self.tree = tree
    }

    /// Hand-written Swift sources: the registry's globs, less excludes and generated output.
    public func swiftSources() throws -> [String] {
        try tree.files(matching: registry.sources.swift, excluding: generatedExcludes)
    }

    /// Hand-written TypeScript sources: the registry's globs, less excludes and generated output.
    public func typescriptSources() throws -> [String] {
        try tree.files(matching: registry.sources.typescript, excluding: generatedExcludes)
    }

    private var generatedExcludes: [String] {
        registry.sources.exclude + [registry.outputs.swift + "/**", registry.outputs.typescript + "/**"]
    }
}
