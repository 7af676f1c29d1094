import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource

/// A string enum in Swift `init` left out of `sources` that shares two values or more with a column the migrations
/// restrict or a TypeScript union or `as const` object: if the app compiles it after all, the contract's Swift side
/// was not read, so the summary names it, where it is, and how to read it.
struct LeftOutSharedEnum: Sendable, Equatable {
    /// The folder (`App/Legacy/`) or file left out that declares it.
    var leftOut: String
    var name: String
    var location: SourceLocation
    var shared: Int
    /// What it shares values with: `public.rides.status`, `typescript const RIDE_STATUSES`.
    var surface: String
    var surfaceLocation: SourceLocation?
    /// The registry edit that reads it: `add "App/Legacy/**/*.swift" to sources.swift`.
    var howToRead: String
}

/// Reads the enums of the Swift left out of `sources` (test targets', and Swift no target compiles).
enum LeftOutEnumDiscovery {
    static func enums(_ files: ProjectFiles, _ draft: InitDraft, sets: [DiscoveredValueSet], typeScript: [TSSource],
                      consts: [DiscoveredConst]) throws -> [LeftOutSharedEnum] {
        let unions = typeScript.flatMap(TypeScriptUnionDiscovery.unions(in:))
        var surfaces = sets.map { ("\($0.schema).\($0.table).\($0.column)", Set($0.values), $0.location) }
        surfaces += consts.map { ("typescript const \($0.name)", Set($0.values), Optional($0.location)) }
        surfaces += unions.map { ("typescript union \($0.name)", Set($0.values), Optional($0.location)) }
        var out: [LeftOutSharedEnum] = []
        for entry in draft.leftOutSwift {
            let folder = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            for path in files.paths where path.hasSuffix(".swift") && AppTargets.contains(folder, path) {
                let text = try files.tree.readText(path)
                // Most test and stray files declare no enum: skip the parse.
                guard text.contains("enum") else { continue }
                // A stray folder may hold a test folder: each file is read once.
                guard !out.contains(where: { $0.location.file == path }) else { continue }
                for found in SwiftEnumDiscovery.read(path: path, text: text).enums where found.hasStringRawValues {
                    let raws = Set(found.cases.compactMap(\.raw))
                    guard let best = surfaces.map({ ($0, raws.intersection($0.1).count) }).filter({ $0.1 >= 2 })
                        .max(by: { $0.1 < $1.1 }) else { continue }
                    out.append(LeftOutSharedEnum(leftOut: entry.path, name: found.qualifiedName, location: found.location,
                                                 shared: best.1, surface: best.0.0, surfaceLocation: best.0.2,
                                                 howToRead: howToRead(entry.path, excludes: draft.sourceExcludes)))
                }
            }
        }
        return out
    }

    /// Removing the exclude that leaves it out, else adding it to the globs.
    private static func howToRead(_ leftOut: String, excludes: [String]) -> String {
        let folder = leftOut.hasSuffix("/") ? String(leftOut.dropLast()) : leftOut
        if let exclude = excludes.first(where: { exclude in
            let excluded = exclude.hasSuffix("/**") ? String(exclude.dropLast(3)) : exclude
            return AppTargets.contains(excluded, folder)
        }) {
            return "remove \"\(exclude)\" from sources.exclude"
        }
        return "add \"\(leftOut.hasSuffix("/") ? folder + "/**/*.swift" : folder)\" to sources.swift"
    }
}
