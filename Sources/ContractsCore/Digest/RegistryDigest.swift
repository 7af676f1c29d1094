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

    /// `sha256:<hex>` of the canonical form of what the emitters read.
    public static func of(_ registry: Registry) -> String {
        "sha256:" + SHA256.hex(Data(canonicalText(registry).utf8))
    }

    /// The text the digest hashes: the generator version, then the registry's canonical form.
    static func canonicalText(_ registry: Registry) -> String {
        "naars-contracts \(generatorVersion)\n" + record(registry.digestFields)
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
