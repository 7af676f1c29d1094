import ContractsCore

/// Writes the app's Swift contract from the registry: the notification-type enum (with its badge enum),
/// the deep-link enum with its payload and URL parsing, and the payload structs.
///
/// Plain Foundation only, every declaration `Sendable` and `public` (or internal, `outputs.swift_access`), so
/// the files compile unchanged in an iOS app, a Swift package on Linux, or a module of their own. Each file
/// disables SwiftLint (as SwiftGen's output does): a team's own rules are not the generator's to meet.
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
        for e in registry.enums {
            guard let name = e.swiftEnum else { continue }
            files.append((name, renderSharedEnum(e, name: name)))
        }
        let header = GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest)
            + "// swiftlint:disable all\n"
        return files.map { file in
            GeneratedFile(path: registry.outputs.swift + "/" + file.name + ".swift",
                          contents: header + "\nimport Foundation\n\n" + withAccess(registry.outputs.swiftAccess, file.body))
        }
    }

    /// The renderers write `public` declarations; for `internal` the keyword is dropped from every line that
    /// starts with it (after indentation), which is where the writers put it: never in a comment or a literal.
    static func withAccess(_ access: SwiftAccess, _ body: String) -> String {
        guard access == .internal else { return body }
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            return rest.hasPrefix("public ") ? String(indent + rest.dropFirst("public ".count)) : String(line)
        }.joined(separator: "\n")
    }
}
