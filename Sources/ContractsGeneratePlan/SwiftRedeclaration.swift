import ContractsCore
import ContractsGenerate
import ContractsSwiftSource

/// A type `generate` writes that the app's own Swift declares too: once both are in the app target, the module
/// declares it twice. `generated-redeclared` reports it, and `generate` refuses to write such a file.
public struct SwiftRedeclaration: Sendable {
    /// The app's declaration.
    public var handWritten: SwiftTypeDeclaration
    /// What `generate` writes, and the registry entry that asks for it.
    public var generated: GeneratedSwiftType
    /// The generated declaration, as `generate` writes it (its line in the generated file).
    public var generatedDeclaration: SwiftTypeDeclaration?
    /// The registry file (`registry.yaml`), for the messages.
    public var registryFile: String
    /// The generated declaration in the generated file the project holds now (with the generated header), or nil.
    public var generatedLocation: SourceLocation?

    /// Every generated type of `plan` that the hand-written Swift of `context` also declares, in path order. The
    /// planned files and the orphans are not hand-written, nor is any file that starts with the generated header.
    /// Each file is searched through `cache` (`check` keeps what it found per file: a Swift edit searches that file
    /// alone).
    public static func find(plan: GenerationPlan, context: CheckContext, cache: CheckerCache? = nil) throws -> [SwiftRedeclaration] {
        let types = SwiftEmitter.declaredTypes(context.registry)
        guard !types.isEmpty else { return [] }
        let names = Set(types.map(\.name))
        let sources = context.excludingGenerated(Set(plan.sourceFiles.map(\.path) + plan.orphans))
        let cache = cache ?? NoCheckerCache(context.tree)
        let handWritten = try sources.swiftSources().concurrentMap { path in
            Result {
                try cache.run("generated-declares:" + path, key: names.sorted().joined(separator: ",")) { tree in
                    SwiftTypeDeclarationSearch.handWritten(names, path: path, bytes: try tree.read(path),
                                                           isGenerated: GeneratedHeader.isGenerated)
                }
            }
        }.flatMap { try $0.get() }
        guard !handWritten.isEmpty else { return [] }
        let planned = Dictionary(plan.sourceFiles.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        return handWritten.compactMap { declaration in
            guard let generated = types.first(where: { $0.name == declaration.name }) else { return nil }
            let declared = { (text: String) in
                SwiftTypeDeclarationSearch.declarations(of: [generated.name], path: generated.file, text: text).first
            }
            // Kept by the file's content, as the search is: a Swift edit elsewhere does not read it again.
            let location = cache.run("generated-declaration:" + generated.file, key: generated.name) { tree in
                (try? tree.readText(generated.file)).flatMap { GeneratedHeader.isGenerated($0) ? declared($0)?.location : nil }
            }
            return SwiftRedeclaration(handWritten: declaration, generated: generated,
                                      generatedDeclaration: declared(planned[generated.file] ?? ""),
                                      registryFile: context.registry.file, generatedLocation: location)
        }
    }

    /// What is wrong, in one sentence that stays the same while the app's declaration changes (the baseline
    /// recognises the finding by it).
    public var message: String {
        let place = generatedLocation != nil ? "is generated too, in" : "`generate` would declare it too, in"
        return "\(handWritten.keyword) \(generated.name) is declared here and \(place) \(generated.file) (from \(generated.entry) in "
            + "\(registryFile)): an app target that holds both declares it twice"
    }

    /// The two ways out: keep this declaration (`generate: false` on its entry), or delete it and use the generated
    /// one, after moving into an extension what only this one has.
    public var fix: String {
        let keep = "keep this one: set `generate: false` under \(generated.entry) in \(registryFile) (no Swift is generated "
            + "for it, and check keeps comparing this one with the registry)"
        guard let generatedDeclaration else { return keep + "; or delete it and use the generated one" }
        let lacking = handWritten.lacking(in: generatedDeclaration)
        let items = lacking.members.map { "`\($0)`" } + lacking.conformances.map { "conformance `\($0)`" }
        let delete = items.isEmpty
            ? "or delete it and use the generated one (it has every member and conformance this one declares)"
            : "or delete it and use the generated one, first moving into an extension what the generated one lacks: "
                + items.joined(separator: ", ")
        return keep + "; " + delete
    }
}
