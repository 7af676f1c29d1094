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
        // The files and their names are `GeneratedFileNames`', which the registry validator keeps apart.
        let files = GeneratedFileNames.typeScript(registry).map { file -> (path: String, blocks: [String]) in
            switch file.source {
            case .notificationTypes:
                return (file.path, renderNotificationTypes(registry, names: names))
            case .deepLinks:
                guard let deepLinks = registry.deepLinks else { return (file.path, []) }
                // Push payloads of a notification type exist only where the registry has one.
                guard registry.notificationTypes != nil else { return (file.path, renderDeepLinkBuilders(deepLinks, names: names)) }
                let imports = "import type { \(names.typeUnion) } from \"./notificationTypes.ts\";"
                return (file.path, [imports] + renderDeepLinkBuilders(deepLinks, names: names)
                    + renderPushPayloads(registry, deepLinks: deepLinks, names: names))
            case .payloads:
                return (file.path, renderPayloads(registry))
            case .sharedEnum(let index):
                return (file.path, renderSharedEnum(registry.enums[index]))
            case .badges:
                return (file.path, []) // no TypeScript: the badge tab is the app's alone
            }
        }
        let header = GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest)
        return files.map { file in
            GeneratedFile(
                path: file.path,
                contents: header + "\n" + file.blocks.joined(separator: "\n\n") + "\n"
            )
        }
    }
}
