import ContractsCore

/// Writes the TypeScript the edge functions import: notification-type constants and guards, typed push-payload
/// builders per deep link, and interfaces (with normalizers) for RPC payloads.
///
/// Output is Deno-ready as generated: ESM, `.ts` relative imports, no Node built-ins, and already in
/// `deno fmt` layout so `deno fmt --check`, `deno lint` and `deno check` pass without touching it.
public enum TypeScriptEmitter {
    /// The files for `registry.outputs.typescript`, in a fixed order; files with no content are left out. Each header
    /// carries the digest of what that file is made from (`RegistryDigest.of(_:in:)`).
    public static func emit(_ registry: Registry) -> [GeneratedFile] {
        emit(registry) { RegistryDigest.of($0, in: registry, swift: false) }
    }

    /// Every file with the same `digest` in its header (tests that compare bodies).
    public static func emit(_ registry: Registry, digest: String) -> [GeneratedFile] { emit(registry) { _ in digest } }

    static func emit(_ registry: Registry, digest: (GeneratedFileName.Source) -> String) -> [GeneratedFile] {
        let notification = registry.contractEnum
        let names = TypeScriptNames(registry, notification: notification)
        // The files and their names are `GeneratedFileNames`', which the registry validator keeps apart.
        let files = GeneratedFileNames.typeScript(registry).map { file -> (file: GeneratedFileName, blocks: [String]) in
            switch file.source {
            case .notificationTypes, .sharedEnum:
                // One renderer for every enum; the notification enum's extras come from its contract.
                guard let e = registry.generatedEnum(file.source) else { return (file, []) }
                return (file, renderEnum(e, notification: registry.notificationContract(of: e), badges: registry.badges))
            case .deepLinks:
                guard let deepLinks = registry.deepLinks else { return (file, []) }
                // Push payloads of a notification type exist only where the registry has one.
                guard let notification else { return (file, renderDeepLinkBuilders(deepLinks, names: names)) }
                let imports = "import type { \(names.typeUnion) } from \"./notificationTypes.ts\";"
                return (file, [imports] + renderDeepLinkBuilders(deepLinks, names: names)
                    + renderPushPayloads(notification, deepLinks: deepLinks, registry: registry, names: names))
            case .payloads:
                return (file, renderPayloads(registry))
            case .badges:
                return (file, []) // no TypeScript: the badge tab is the app's alone
            }
        }
        return files.map { file in
            GeneratedFile(
                path: file.file.path,
                contents: GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest(file.file.source))
                    + "\n" + file.blocks.joined(separator: "\n\n") + "\n"
            )
        }
    }
}
