import Yams

/// The targets of an XcodeGen spec (`project.yml`): each target's `type` and `sources` (a path, a list of paths,
/// or entries with `path:`), in the order the spec lists them. A spec that does not parse declares none.
enum XcodeGenTargets {
    static func targets(in text: String) -> [AppTargets.Target] {
        guard let root = try? Yams.compose(yaml: text), let targets = root["targets"]?.mapping else { return [] }
        return targets.compactMap { name, spec -> AppTargets.Target? in
            guard let name = name.string else { return nil }
            let type = spec["type"]?.string ?? ""
            let kind: AppTargets.Kind = type == "application" ? .app
                : type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") ? .test : .other
            return AppTargets.Target(name: name, kind: kind, folders: folders(spec["sources"]))
        }
    }

    private static func folders(_ sources: Node?) -> [String] {
        guard let sources else { return [] }
        if let path = sources.string { return [path] }
        return (sources.sequence ?? []).compactMap { entry in entry.string ?? entry["path"]?.string }
    }
}
