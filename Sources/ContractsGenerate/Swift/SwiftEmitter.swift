import ContractsCore

/// Writes the app's Swift contract from the registry: the notification-type enum (with its badge enum),
/// the deep-link enum with its payload and URL parsing, and the payload structs.
///
/// Plain Foundation only, every declaration `public` and `Sendable`, so the files compile unchanged in an
/// iOS app, a Swift package on Linux, or a module of their own.
public enum SwiftEmitter {
    /// One file per concern, under `registry.outputs.swift`, each starting with the generated header.
    /// The same registry and digest always give the same files, byte for byte.
    public static func emit(_ registry: Registry, digest: String) -> [GeneratedFile] {
        var files: [(name: String, body: String)] = []
        let types = registry.notificationTypes
        files.append((types.swiftEnum, renderNotificationTypeEnum(types, badges: registry.badges)))
        if let badges = registry.badges {
            files.append((badges.swiftEnum, renderBadgeEnum(badges)))
        }
        if let links = registry.deepLinks {
            var parts = [
                renderDeepLinkEnum(links),
                renderDeepLinkPayload(links, types: types),
            ]
            if let scheme = links.urlScheme { parts.append(renderDeepLinkURL(links, scheme: scheme)) }
            if links.cases.contains(where: { !$0.params.isEmpty }) { parts.append(renderPayloadValueReaders(links)) }
            files.append((links.swiftEnum, parts.joined(separator: "\n")))
        }
        if !registry.payloads.isEmpty {
            let structs = registry.payloads.map { renderPayloadStruct($0, in: registry) }
            files.append(("Payloads", structs.joined(separator: "\n")))
        }
        let header = GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest)
        return files.map { file in
            GeneratedFile(path: registry.outputs.swift + "/" + file.name + ".swift",
                          contents: header + "\nimport Foundation\n\n" + file.body)
        }
    }
}
