/// Every Swift and TypeScript file `generate` writes, decided in one place: the emitters write these paths, and the
/// registry validator refuses two of them that differ only in case (`validateGeneratedFileNames`).
///
/// Migrations are not listed: each takes the next free number of its folder, so no two share a name.
public enum GeneratedFileNames {
    /// The Swift files, in the order the emitter writes them: one per entry that declares a Swift type (unless its
    /// `generate: false`), named after the type (`NotificationType.swift`, `Expense.Category.swift`), and one for
    /// every payload struct (`Payloads.swift`).
    public static func swift(_ registry: Registry) -> [GeneratedFileName] {
        var files: [GeneratedFileName] = []
        let add = { (name: String, source: GeneratedFileName.Source, entry: String, location: SourceLocation) in
            files.append(GeneratedFileName(name: name, path: registry.outputs.swift + "/" + name + ".swift", source: source,
                                           entry: entry, location: location))
        }
        if let types = registry.notificationTypes, types.generatesSwift, let name = types.swiftEnum {
            add(name, .notificationTypes, types.entry, types.location)
        }
        if let badges = registry.badges, badges.generatesSwift { add(badges.swiftEnum, .badges, "badges", badges.location) }
        if let links = registry.deepLinks, links.generatesSwift { add(links.swiftEnum, .deepLinks, "deep_links", links.location) }
        if let first = registry.payloads.first(where: \.generatesSwift) {
            add("Payloads", .payloads, "payloads", registry.keyLocations["payloads"] ?? first.location)
        }
        for (index, e) in registry.enums.enumerated() where e.generatesSwift {
            if let name = e.swiftEnum { add(name, .sharedEnum(index), "enums.\(e.name)", e.location) }
        }
        return files
    }

    /// The TypeScript files, in the order the emitter writes them: the notification types when there are any, the deep-link
    /// builders when there is a deep link, the payload interfaces when there is a payload, and one file per shared
    /// enum (`chatRoomStatus.ts`, see `SharedEnumFiles`).
    public static func typeScript(_ registry: Registry) -> [GeneratedFileName] {
        var files: [GeneratedFileName] = []
        let add = { (name: String, source: GeneratedFileName.Source, entry: String, location: SourceLocation) in
            files.append(GeneratedFileName(name: name, path: registry.outputs.typescript + "/" + name + ".ts", source: source,
                                           entry: entry, location: location))
        }
        if let types = registry.notificationTypes { add("notificationTypes", .notificationTypes, types.entry, types.location) }
        if let links = registry.deepLinks, !links.cases.isEmpty { add("deepLinks", .deepLinks, "deep_links", links.location) }
        if let first = registry.payloads.first {
            add("payloads", .payloads, "payloads", registry.keyLocations["payloads"] ?? first.location)
        }
        for (index, e) in registry.enums.enumerated() {
            add(SharedEnumFiles.typeScriptFileStem(e), .sharedEnum(index), "enums.\(e.name)", e.location)
        }
        return files
    }
}

/// One file `generate` writes, and the registry entry it is written for.
public struct GeneratedFileName: Sendable, Equatable {
    /// The part of the registry a file is written from.
    public enum Source: Sendable, Equatable {
        case notificationTypes, badges, deepLinks, payloads
        /// `Registry.enums[index]`.
        case sharedEnum(Int)
    }

    /// The file's name without its extension: for a Swift file, the type it declares (but `Payloads`).
    public var name: String
    /// Relative to the registry's folder: the output folder, then the name.
    public var path: String
    public var source: Source
    /// The entry as a key path (`notification_types`, `payloads`, `enums.ChatRoomStatus`), as messages name it.
    public var entry: String
    public var location: SourceLocation
}
