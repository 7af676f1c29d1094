import ContractsCore

/// Writes the TypeScript the edge functions import: notification-type constants and guards, typed push-payload
/// builders per deep link, and interfaces (with normalizers) for RPC payloads.
///
/// Output is Deno-ready as generated: ESM, `.ts` relative imports, no Node built-ins, and already in
/// `deno fmt` layout so `deno fmt --check`, `deno lint` and `deno check` pass without touching it.
public enum TypeScriptEmitter {
    /// The files for `registry.outputs.typescript`, in a fixed order; files with no content are left out.
    public static func emit(_ registry: Registry, digest: String) -> [GeneratedFile] {
        let names = TypeScriptNames(registry)
        var files: [(name: String, blocks: [String])] = []
        if registry.notificationTypes != nil {
            files.append(("notificationTypes.ts", renderNotificationTypes(registry, names: names)))
        }
        if let deepLinks = registry.deepLinks, !deepLinks.cases.isEmpty {
            // Push payloads of a notification type exist only where the registry has one.
            if registry.notificationTypes != nil {
                let imports = "import type { \(names.typeUnion) } from \"./notificationTypes.ts\";"
                files.append(("deepLinks.ts", [imports] + renderDeepLinkBuilders(deepLinks, names: names)
                    + renderPushPayloads(registry, deepLinks: deepLinks, names: names)))
            } else {
                files.append(("deepLinks.ts", renderDeepLinkBuilders(deepLinks, names: names)))
            }
        }
        if !registry.payloads.isEmpty {
            files.append(("payloads.ts", renderPayloads(registry)))
        }
        for e in registry.enums {
            files.append((SharedEnumFiles.typeScriptFileStem(e) + ".ts", renderSharedEnum(e)))
        }
        let header = GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest)
        return files.map { file in
            GeneratedFile(
                path: registry.outputs.typescript + "/" + file.name,
                contents: header + "\n" + file.blocks.joined(separator: "\n\n") + "\n"
            )
        }
    }
}
