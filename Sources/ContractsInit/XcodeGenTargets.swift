import ContractsCore
import Yams

/// The targets of an XcodeGen spec (`project.yml`): each target's `type` and `sources` (a path, a list of paths, or
/// entries with `path:` and `excludes:`), in the order the spec lists them; paths below the spec's folder. A source
/// of another build phase (`buildPhase: resources`) or a folder reference (`type: folder`) compiles nothing.
enum XcodeGenTargets {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// Throws when the spec is no YAML: a spec XcodeGen could not read either.
    static func targets(in text: String, folder: String) throws -> [AppTargets.Target] {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw Unreadable(description: "not YAML: \(error)") }
        guard let targets = root?["targets"]?.mapping else { return [] }
        return targets.compactMap { name, spec -> AppTargets.Target? in
            guard let name = name.string else { return nil }
            let type = spec["type"]?.string ?? ""
            let kind: AppTargets.Kind = type == "application" ? .app
                : type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") ? .test : .other
            return AppTargets.Target(name: name, kind: kind, roots: roots(spec["sources"], folder: folder))
        }
    }

    private static func roots(_ sources: Node?, folder: String) -> [AppTargets.Root] {
        guard let sources else { return [] }
        let entries = sources.sequence.map(Array.init) ?? [sources]
        return entries.compactMap { entry -> AppTargets.Root? in
            guard let path = entry.string ?? entry["path"]?.string, let rooted = AppTargets.rooted(folder, path) else { return nil }
            if let phase = entry["buildPhase"]?.string, phase != "sources" { return nil }
            if entry["type"]?.string == "folder" { return nil }
            // XcodeGen's excludes are globs below the source's path; one naming a folder leaves out all it holds.
            let excludes = (entry["excludes"]?.sequence.map(Array.init) ?? []).compactMap(\.string).flatMap { pattern in
                [rooted + "/" + pattern, rooted + "/" + pattern + "/**"]
            }
            return AppTargets.Root(path: rooted, except: excludes.map(Glob.init))
        }
    }
}
