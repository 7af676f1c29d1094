import ContractsCheck
import ContractsCore
import Foundation

/// The values of a free-text column: every literal `check`'s readers see written to or compared with it in SQL,
/// TypeScript and Swift (the unknown-literal rules run against a registry that registers nothing), in the
/// order `check` reports them. The same readers, so `init` finds exactly what `check` will hold it to; each
/// literal is its finding's subject (`.enumValue`), never read back from the message.
enum WrittenValueProbe {
    static let rules: Set<String> = ["sql-unknown-literal", "ts-unknown-literal", "swift-unknown-literal"]

    /// A name the registry refuses (a keyword, say) falls back to `NotificationType`; a probe that still cannot
    /// run finds nothing, and `init` writes the starter.
    static func values(_ files: ProjectFiles, draft: InitDraft, swiftEnum: String) throws -> [String] {
        if let found = try? probe(files, draft: draft, swiftEnum: swiftEnum) { return found }
        return (try? probe(files, draft: draft, swiftEnum: "NotificationType")) ?? []
    }

    private static func probe(_ files: ProjectFiles, draft: InitDraft, swiftEnum: String) throws -> [String] {
        let probe = "naars_init_probe_value"
        var text = "version: 1\nnotification_types:\n  swift_enum: \(swiftEnum)\n  payload_key: \(YAMLText.scalar(draft.payloadKey))\n"
        if let c = draft.column { text += "  sql: { table: \(c.schema).\(c.table), column: \(c.column) }\n" }
        text += "  values:\n    - raw: \(probe)\n"
        text += emitters(draft)
        text += RegistryWriter.layout(draft)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        let findings = try ContractCheck.findings(in: CheckContext(registry: registry, tree: files.tree))
        var out: [String] = []
        for finding in findings where Rule.namingIDs(of: finding.ruleID).contains(where: rules.contains) {
            guard case .enumValue(_, let raw)? = finding.subject, raw != probe, !raw.isEmpty, !out.contains(raw) else { continue }
            out.append(raw)
        }
        return out
    }

    /// `emitters:` as the probe registry needs them (no comments).
    private static func emitters(_ draft: InitDraft) -> String {
        let sides = [("sql", draft.emitters.sql), ("typescript", draft.emitters.typescript), ("swift", draft.emitters.swift)]
        guard sides.contains(where: { !$0.1.isEmpty }) else { return "" }
        var out = "emitters:\n"
        for (side, list) in sides where !list.isEmpty {
            out += "  \(side):\n"
            for e in list {
                out += "    - { function: \(YAMLText.scalar(e.function)), argument: \(e.label.map(YAMLText.scalar) ?? e.argument.map(String.init) ?? "") }\n"
            }
        }
        return out
    }
}
