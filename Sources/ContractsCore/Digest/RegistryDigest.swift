import Foundation

/// The digest generated files carry in their header: SHA-256 over the part of the registry the emitters
/// read (the model without source positions, plus the generator version), so comments and layout in
/// registry.yaml don't make generated files stale, nor do edits to what only the checkers read (`rules:`,
/// `sources:`, `baseline:`, `emitters:`, `migrations:`, `push_keys:`, where outputs go), and any change
/// that affects output does.
///
/// The canonical text is written by hand (`DigestCanonical`), not by walking the model with `Mirror`: in the
/// statically linked tool every first dynamic cast or reflection of a type scans all protocol-conformance
/// records, which made the digest a visible share of a `check` run. The text is byte for byte what the
/// reflective walk wrote, so the digests generated files already carry stay valid.
public enum RegistryDigest {
    /// Bumped when the generators' output changes for the same registry.
    public static let generatorVersion = "2"

    /// `Registry` fields no emitter reads: the checkers' configuration, and where the files go (a moved
    /// output folder makes its files missing, which `check` reports on its own).
    static let unreadByEmitters: Set<String> = [
        "file", "location", "ruleSeverities", "sources", "baseline", "emitters", "migrations", "pushKeys",
    ]

    /// `sha256:<hex>` of the canonical form of everything the emitters read (every generated file's input at once).
    /// A generated file carries the digest of its own input instead (`of(_:in:)`).
    public static func of(_ registry: Registry) -> String { hash(canonicalText(registry)) }

    /// The digest a generated file carries in its header: of what that file is made from, and nothing else.
    ///
    /// - An enum of `enums:` (its Swift enum, its TypeScript file, its migration): the enum's canonical text, and for
    ///   its Swift the access level (`sharedEnumText`). Editing another enum leaves it as it is.
    /// - The notification enum, the badges, the deep links and the payloads: the registry without the other enums
    ///   (`contractText`), which for a registry without `enums:` is exactly the registry-wide digest these files
    ///   carried before each file had its own, so their headers stay as they were.
    ///
    /// `swift`: whether the file is Swift (the access level is in its bytes).
    public static func of(_ source: GeneratedFileName.Source, in registry: Registry, swift: Bool) -> String {
        switch source {
        case .sharedEnum(let index): return of(sharedEnum: registry.enums[index], in: registry, swift: swift)
        case .notificationTypes, .badges, .deepLinks, .payloads: return ofContract(registry)
        }
    }

    /// The digest of the files made from the enum `e` of `registry.enums`: its Swift (`swift`), or its TypeScript and
    /// its migrations.
    public static func of(sharedEnum e: SharedEnum, in registry: Registry, swift: Bool) -> String {
        hash(sharedEnumText(e, swiftAccess: swift ? registry.outputs.swiftAccess : nil))
    }

    /// The digest of the files made from the notification contract, the badges, the deep links and the payloads.
    public static func ofContract(_ registry: Registry) -> String { hash(contractText(registry)) }

    private static func hash(_ text: String) -> String { "sha256:" + SHA256.hex(Data(text.utf8)) }

    /// The text the registry-wide digest hashes: the generator version, then the registry's canonical form.
    static func canonicalText(_ registry: Registry) -> String {
        "naars-contracts \(generatorVersion)\n" + record(registry.digestFields)
    }

    /// What the notification enum's, the badges', the deep links' and the payloads' files are made from: the
    /// registry's canonical form without `enums` (a later field: left out while empty, so a registry without
    /// shared enums gives the text its generated files always carried).
    static func contractText(_ registry: Registry) -> String {
        "naars-contracts \(generatorVersion)\n" + record(registry.digestFields.filter { $0.label != "enums" })
    }

    /// What a shared enum's files are made from: the enum, and for its Swift the access level (a later field: left
    /// out while `public`, so the Swift, the TypeScript and the migrations of an enum carry one digest by default).
    /// Where the files go is in no digest (`unreadByEmitters`).
    static func sharedEnumText(_ e: SharedEnum, swiftAccess: SwiftAccess?) -> String {
        var fields = [DigestField("enum", e)]
        if let swiftAccess { fields.append(DigestField("swiftAccess", swiftAccess)) }
        return "naars-contracts \(generatorVersion) enum\n" + record(fields)
    }

    /// Fields added after version 1 of the registry format, left out of the digest while they hold their default
    /// (empty, nil, `all`), so a registry that does not use them keeps the digest its generated files carry.
    static let laterFields: Set<String> = [
        "pushKeys", "attributes", "retired", "enumType", "scope", "attributeValues", "swift", "label", "swiftAccess",
        "enums",
    ]

    /// Fields no generated file's digest depends on: accepting a breaking change or moving a key must not make
    /// generated files stale, and `generate: false` chooses which declarations are written, not what any says (a
    /// file that loses a declaration differs from what `generate` writes, which `generated-stale` sees by content).
    static let outsideDigest: Set<String> = ["acceptBreaking", "keyLocations", "generatesSwift"]

    /// The texts a later field renders as while it holds its default (`[]`, `nil`, `all`, `public`).
    static let defaultTexts: Set<String> = ["[]", "nil", "all", "public"]

    /// A struct's canonical form: `{label=text,...}` in declaration order, leaving out fields outside the
    /// digest and later fields that hold their default.
    static func record(_ fields: [DigestField]) -> String {
        var text = "{"
        var first = true
        for field in fields {
            if outsideDigest.contains(field.label) { continue }
            if laterFields.contains(field.label), defaultTexts.contains(field.text) { continue }
            if !first { text += "," }
            first = false
            text += field.label + "=" + field.text
        }
        return text + "}"
    }
}
