import ContractsCore

/// The short report `init` prints: what it found where, and what to review.
public enum InitSummary {
    /// `dryRun`: `init --dry-run` prints the registry instead of writing it, and this on standard error: the same
    /// lines, the first saying that nothing was written.
    public static func text(_ draft: InitDraft, dryRun: Bool = false) -> String {
        let leftOut = draft.leftOut.map {
            "  left out     \(HiddenScalars.visible($0)) (its name holds a control, line-separator or bidi character: rename it)"
        }
        guard draft.hasContract else {
            let head = dryRun ? "would write registry.yaml (\(dryRunNote))" : "wrote registry.yaml"
            return (["\(head): a starter (no notification types found); replace the example value, then run `naars-contracts generate`"]
                + layout(draft).filter { !$0.hasPrefix("  outputs") } + leftOut).joined(separator: "\n")
        }
        var lines = [dryRun ? "would write registry.yaml and registry.schema.json (\(dryRunNote))"
                            : "wrote registry.yaml and registry.schema.json"]
        for folder in draft.migrations {
            lines.append("  migrations   \(folder.dir) (\(folder.scheme == .timestamp ? "timestamp" : "sequential"), \(folder.files) files)")
        }
        lines.append(notifications(draft))
        if let c = draft.column, draft.hasNotificationContract {
            let what = c.enumType.map { "ENUM \($0)" } ?? (c.values.isEmpty ? "free text" : "CHECK \(c.constraint ?? "\(c.table)_\(c.column)_check")")
            let count = c.values.isEmpty ? plural(draft.freeText?.values.count ?? 0, "value") + " written or compared" : plural(c.values.count, "value")
            lines.append("  column       \(c.schema).\(c.table).\(c.column): \(what), \(count) (\(RegistryWriter.line(c.location)))")
        }
        if let e = draft.swiftEnum {
            lines.append("  swift enum   \(e.name): \(plural(e.cases.count, "case")), \(plural(e.properties.count + e.unreadProperties.count, "switch-self property", "switch-self properties")) (\(RegistryWriter.line(e.location)))")
            for p in AttributeMapping.leftOut(e) {
                lines.append("  left out     \(e.name).\(p.name) (\(RegistryWriter.line(p.location))): \(p.reason); no attribute written")
            }
        }
        if let t = draft.typeScriptConst {
            lines.append("  typescript   \(t.name): \(plural(t.values.count, "value")) (\(RegistryWriter.line(t.location)))")
        }
        if let d = draft.deepLinks {
            lines.append("  deep links   \(d.name): \(plural(d.cases.count, "case")) (\(RegistryWriter.line(d.location))), \(d.chosenBecause)"
                + (draft.linkKey.map { "; link_key \($0.key), which selects the screen (routed at \(RegistryWriter.line($0.at)))" } ?? ""))
            for c in d.cases { for p in c.params where p.payloadKey == nil {
                lines.append("  no key read  \(d.name).\(c.name) \(p.name): no push-payload read of it found; "
                    + "payload_key \(DeepLinkChoice.guessedKey(case: c.name, param: p.name)) is a guess: review")
            } }
        }
        if let free = draft.freeText {
            lines.append("  free text    \(free.swiftEnum.map { "enum \($0) (generated), " } ?? "")\(plural(free.retired.count, "retired value")), fallback \(free.fallback ?? "none")")
        }
        let emitters = draft.emitters.sql + draft.emitters.typescript + draft.emitters.swift
        if !emitters.isEmpty {
            lines.append("  emitters     \(emitters.map(\.function).joined(separator: ", "))")
        }
        if !draft.payloads.isEmpty {
            lines.append("  payloads     \(draft.payloads.map { p in p.rpc.map { "\(p.name) (\($0))" } ?? p.name }.joined(separator: ", "))")
        }
        if !draft.pushKeys.isEmpty {
            lines.append("  push keys    \(draft.pushKeys.map(\.key).joined(separator: ", ")) (read from userInfo or sent to an emitter; review their types)")
        }
        lines += sharedEnums(draft)
        lines += layout(draft)
        lines += leftOut
        let enumValues = Set(draft.swiftEnum?.cases.compactMap(\.raw) ?? [])
        let disagreements = (draft.column?.values ?? []).filter { !enumValues.contains($0) }.count
            + enumValues.filter { !(draft.column?.values.isEmpty ?? true) && !(draft.column?.values.contains($0) ?? true) }.count
        lines.append(disagreements == 0
            ? "review: the comments in registry.yaml, then run `naars-contracts check`"
            : "review: \(plural(disagreements, "value")) the database and the enum disagree on (comments in registry.yaml), then run `naars-contracts check`")
        return lines.joined(separator: "\n")
    }

    /// The notification contract chosen, marked as a guess with its evidence, and the flag that changes it.
    static func notifications(_ draft: InitDraft) -> String {
        let flag = "--notifications-enum NAME (another enum) or --notifications-enum none"
        if draft.notificationsNone { return "  notifications none (--notifications-enum none): no notifications: block written" }
        guard draft.hasNotificationContract else {
            return "  notifications none found: no push-payload read, push builder or notifications table names an enum, so no "
                + "notifications: block; if the app has one, run init with --notifications-enum NAME"
        }
        let chosen = "enum \(RegistryWriter.notificationEnumName(draft)), payload_key \(draft.payloadKey)"
        guard !draft.notificationEvidence.isEmpty else { return "  notifications \(chosen) (as the command line pinned it)" }
        return "  notifications \(chosen): a guess from " + draft.notificationEvidence.joined(separator: "; ")
            + "; if it is wrong, run init with \(flag)"
    }

    static let dryRunNote = "--dry-run: nothing written; the registry is on standard output"

    /// Each shared enum with where each surface was found, then each restricted column left out with why.
    static func sharedEnums(_ draft: InitDraft) -> [String] {
        var lines: [String] = []
        for e in draft.sharedEnums {
            var surfaces: [String] = []
            if let f = e.freeText {
                surfaces.append("free text \(f.table).\(f.column) (\(RegistryWriter.line(f.location)))")
            } else if let type = e.enumType {
                surfaces.append("ENUM \(ValueSetNames.unqualified(type)) on \(e.columns.map { "\($0.table).\($0.column)" }.joined(separator: ", ")) "
                    + "(\(RegistryWriter.line(e.columns.first?.location)))")
            } else {
                for c in e.columns {
                    surfaces.append("CHECK \(c.constraint ?? "\(c.table)_\(c.column)_check") on \(c.table).\(c.column) (\(RegistryWriter.line(c.location)))")
                }
            }
            if let swift = e.swiftEnum { surfaces.append("swift enum \(swift.qualifiedName) (\(RegistryWriter.line(swift.location)))") }
            if let union = e.union { surfaces.append("typescript union \(union.name) (\(RegistryWriter.line(union.location)))") }
            if let const = e.const { surfaces.append("typescript const \(const.name) (\(RegistryWriter.line(const.location)))") }
            if !e.literals.isEmpty {
                surfaces.append("\(plural(e.literals.count, "literal")) written or compared (\(RegistryWriter.line(e.literalLocation)))")
            }
            let oneSided = e.codeOnlyValues.count + e.values.filter { raw in
                (e.swiftEnum.map { !$0.cases.contains { $0.raw == raw } } ?? false) || !(e.union?.values.contains(raw) ?? true)
                    || !(e.const?.values.contains(raw) ?? true)
            }.count
            let review = oneSided == 0 ? "" : ", \(plural(oneSided, "value")) only one side has (comments in registry.yaml)"
            lines.append("  enum         \(e.name): \(plural(e.values.count, "value"))\(review); " + surfaces.joined(separator: "; "))
        }
        for candidate in draft.leftOutEnums {
            lines.append("  left out     \(HiddenScalars.visible(candidate.subject)): \(candidate.reason)")
        }
        return lines
    }

    /// Why every Swift folder was read when a project file was not trusted, the Swift left out of `sources` with
    /// why (and each shared enum it declares), and where the outputs go when there was a choice to make.
    static func layout(_ draft: InitDraft) -> [String] {
        var lines = draft.sourcesDoubt.map {
            ["  sources      every Swift folder outside the tests, as the project files were not read with confidence: \($0); review sources.swift"]
        } ?? []
        lines += draft.leftOutSwift.map { "  left out     \(HiddenScalars.visible($0.path)) (\($0.why))" }
        for e in draft.leftOutSharedEnums {
            lines.append("  left out     \(HiddenScalars.visible(e.leftOut)) declares enum \(e.name) (\(RegistryWriter.line(e.location))), "
                + "\(plural(e.shared, "value")) shared with \(e.surface) (\(RegistryWriter.line(e.surfaceLocation))): "
                + "not read; if the app compiles it, \(e.howToRead)")
        }
        if draft.swiftOutputReason != nil || draft.migrations.count > 1 {
            var outputs = "  outputs      swift \(draft.swiftOutput)" + (draft.swiftOutputReason.map { " (\($0))" } ?? "")
            if let sql = draft.sqlOutput { outputs += "; sql \(sql) (the folder the Supabase CLI applies)" }
            lines.append(outputs)
        }
        return lines
    }

    private static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }
}
