import ContractsCore

/// Writes the app's Swift contract from the registry: the notification-type enum (with its badge enum),
/// the deep-link enum with its payload and URL parsing, and the payload structs.
///
/// Plain Foundation only, every declaration `Sendable` and `public` (or internal, `outputs.swift_access`), so
/// the files compile unchanged in an iOS app, a Swift package on Linux, or a module of their own. Each file
/// disables SwiftLint (as SwiftGen's output does): a team's own rules are not the generator's to meet.
public enum SwiftEmitter {
    /// One file per concern, under `registry.outputs.swift`, each starting with the generated header, which carries
    /// the digest of what that file is made from (`RegistryDigest.of(_:in:)`): editing one enum leaves the other
    /// enums' files as they are. The same registry always gives the same files, byte for byte. An entry with
    /// `generate: false` gets none: the app declares that type itself.
    public static func emit(_ registry: Registry) -> [GeneratedFile] {
        emit(registry) { RegistryDigest.of($0, in: registry, swift: true) }
    }

    /// Every file with the same `digest` in its header (tests that compare bodies).
    public static func emit(_ registry: Registry, digest: String) -> [GeneratedFile] { emit(registry) { _ in digest } }

    static func emit(_ registry: Registry, digest: (GeneratedFileName.Source) -> String) -> [GeneratedFile] {
        planned(registry).map { file in
            let header = GeneratedHeader.text(comment: "//", registryFile: registry.file, digest: digest(file.file.source))
                + "// swiftlint:disable all\n"
            return GeneratedFile(path: file.file.path,
                                 contents: header + "\nimport Foundation\n\n" + withAccess(registry.outputs.swiftAccess, file.render()))
        }
    }

    /// The types the generated Swift declares at the module's level (or, for `Expense.Category`, in an extension
    /// of the app's `Expense`), each with its file and the registry entry that asks for it: the names an app's
    /// own declarations must not take (`generated-redeclared`).
    public static func declaredTypes(_ registry: Registry) -> [GeneratedSwiftType] {
        planned(registry).flatMap { file in
            file.types.map { GeneratedSwiftType(name: $0.name, entry: $0.entry, file: file.file.path, registryLocation: $0.location) }
        }
    }

    /// Each file `emit` writes (named by `GeneratedFileNames`, which the registry validator keeps apart): the types
    /// it declares with their registry entries, and its body.
    private static func planned(_ registry: Registry) -> [PlannedFile] {
        let notification = registry.contractEnum
        return GeneratedFileNames.swift(registry).map { file -> PlannedFile in
            let declared: [DeclaredType] = [(file.name, file.entry, file.location)]
            switch file.source {
            case .notificationTypes, .sharedEnum:
                // One renderer for every enum; the notification enum's extras come from its contract.
                let e = registry.generatedEnum(file.source)
                return (file, declared, {
                    e.map { renderEnum($0, name: file.name, notification: registry.notificationContract(of: $0), badges: registry.badges) } ?? ""
                })
            case .badges:
                return (file, declared, { registry.badges.map(renderBadgeEnum) ?? "" })
            case .deepLinks:
                return (file, declared, { registry.deepLinks.map { renderDeepLinks($0, types: notification) } ?? "" })
            case .payloads:
                let payloads = registry.payloads.filter(\.generatesSwift)
                return (file, payloads.map { ($0.typeName, "payloads.\($0.name)", $0.location) }, {
                    payloads.map { renderPayloadStruct($0, in: registry) }.joined(separator: "\n")
                })
            }
        }
    }

    private typealias DeclaredType = (name: String, entry: String, location: SourceLocation)
    private typealias PlannedFile = (file: GeneratedFileName, types: [DeclaredType], render: () -> String)

    private static func renderDeepLinks(_ links: DeepLinkSet, types: NotificationTypeSet?) -> String {
        var parts = [
            renderDeepLinkEnum(links),
            renderDeepLinkPayload(links, types: types),
        ]
        if let scheme = links.urlScheme { parts.append(renderDeepLinkURL(links, scheme: scheme)) }
        if links.cases.contains(where: { !$0.params.isEmpty }) { parts.append(renderPayloadValueReaders(links)) }
        return parts.joined(separator: "\n")
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

/// A type the generated Swift declares, and the registry entry that asks for it.
public struct GeneratedSwiftType: Sendable, Equatable {
    /// As the app names it: `NotificationType`, or `Expense.Category` for one declared in an extension of `Expense`.
    public var name: String
    /// The registry entry, as a key path: `notification_types`, `badges`, `deep_links`, `payloads.BadgeCounts`,
    /// `enums.ExpenseCategory`; where its `generate: false` goes.
    public var entry: String
    /// The generated file that declares it.
    public var file: String
    public var registryLocation: SourceLocation
}
