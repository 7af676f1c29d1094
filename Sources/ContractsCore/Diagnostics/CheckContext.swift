/// What every checker gets: the validated registry and the files to judge.
///
/// Checkers are pure functions of this (`SQLSourceCheck.findings(in:)`, `SwiftSourceCheck.findings(in:)`, ...):
/// they return findings with their rule's default severity; `ContractsSuppress` applies the registry's severities,
/// inline suppressions and the baseline.
public struct CheckContext: Sendable {
    public let registry: Registry
    /// The project's files, relative to the registry's folder.
    public let tree: FileTree
    /// The files `generate` writes (and ones it wrote that are no longer produced): never read as
    /// hand-written sources. Nil: everything under the output folders counts as generated.
    public let generatedPaths: Set<String>?
    /// Where readers keep what they made of a file by its content, across runs (`check`'s cache), or nil.
    public let memo: ContentMemo?

    public init(registry: Registry, tree: FileTree, generatedPaths: Set<String>? = nil, memo: ContentMemo? = nil) {
        self.registry = registry
        self.tree = tree
        self.generatedPaths = generatedPaths
        self.memo = memo
    }

    /// The same project with the generated files named exactly, so hand-written files that live beside
    /// generated output (`supabase/functions/_shared/apns.ts`) are still checked.
    public func excludingGenerated(_ paths: Set<String>) -> CheckContext {
        CheckContext(registry: registry, tree: tree, generatedPaths: paths, memo: memo)
    }

    /// Hand-written Swift sources: the registry's globs, less excludes and generated output.
    public func swiftSources() throws -> [String] {
        try handWritten(tree.files(matching: registry.sources.swift, excluding: generatedExcludes))
    }

    /// Hand-written TypeScript sources: the registry's globs, less excludes and generated output.
    public func typescriptSources() throws -> [String] {
        try handWritten(tree.files(matching: registry.sources.typescript, excluding: generatedExcludes))
    }

    private var generatedExcludes: [String] {
        guard generatedPaths == nil else { return registry.sources.exclude }
        return registry.sources.exclude + [registry.outputs.swift + "/**", registry.outputs.typescript + "/**"]
    }

    private func handWritten(_ paths: [String]) -> [String] {
        guard let generatedPaths else { return paths }
        return paths.filter { !generatedPaths.contains($0) }
    }
}
