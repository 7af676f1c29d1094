import ContractsCore
import ContractsSwiftSource

/// Writes `enums:`: each shared enum `init` found, its values the database's in its order. A value the database
/// allows, no declaration of the other stacks has and no code writes or compares (`closed` still in the CHECK, old
/// rows holding it) is written under `retired:`: readable, never written (one a stack writes is registered, and the
/// declarations that lack it are drift); one only some declarations have is registered with a comment; one only
/// Swift or TypeScript has is a comment, not a value (the database would refuse it), for the user to review.
enum SharedEnumWriter {
    /// `enums:`, above the notification enum's entry (first) and the others'.
    static let header = "enums:                              # the enums the stacks share: the database's values, in its order\n"

    /// The entries of the shared enums beside the notification enum, each under `enums:`.
    static func entries(_ enums: [SharedEnumDraft]) -> String {
        var out = ""
        for e in enums {
            let literals = e.literals.isEmpty ? "" : "   # literals written by the code: \(e.literals.joined(separator: ", ")) ("
                + RegistryWriter.line(e.literalLocation) + ")"
            out += "  \(e.name):\(literals)\n"
            if let swift = e.swiftEnum {
                out += "    swift_enum: \(swift.qualifiedName)   # \(RegistryWriter.line(swift.location))\n  " + RegistryWriter.keptByHand
            }
            if let union = e.union { out += "    typescript_type: \(union.name)   # \(RegistryWriter.line(union.location))\n" }
            if let const = e.const { out += "    typescript_const: \(const.name)   # \(RegistryWriter.line(const.location))\n" }
            out += sql(e)
            if let fallback = fallback(e) { out += "    fallback: \(YAMLText.scalar(fallback))\n" }
            let retired = databaseOnly(e)
            out += "    values:\n"
            for raw in e.values where !retired.contains(raw) { out += "      - " + value(raw, e) + "\n" }
            if !retired.isEmpty {
                out += "    retired: \(YAMLText.flow(retired))   # the database allows them and no declaration has them: old rows may hold them\n"
            }
            for other in e.codeOnlyValues {
                out += "    # \(HiddenScalars.visible(other.value)): \(other.whereFound) (\(RegistryWriter.line(other.location))) "
                    + "but not allowed by the database: not registered\n"
            }
        }
        return out
    }

    /// The values the database allows that no declaration of the other stacks has, when there is one (a column met
    /// by literals alone has no declaration to judge by): the fallback is never one.
    static func databaseOnly(_ e: SharedEnumDraft) -> [String] {
        guard e.freeText == nil, e.swiftEnum != nil || e.union != nil || e.const != nil else { return [] }
        let fallback = self.fallback(e)
        let written = Set(e.written)
        return e.values.filter { raw in
            raw != fallback && !written.contains(raw) && !(e.swiftEnum?.cases.contains { $0.raw == raw } ?? false)
                && !(e.union?.values.contains(raw) ?? false) && !(e.const?.values.contains(raw) ?? false)
        }
    }

    /// `{ enum_type: t }` with its columns in a comment, or the list of columns with their CHECKs.
    private static func sql(_ e: SharedEnumDraft) -> String {
        if let f = e.freeText {
            return "    sql:\n      - { table: \(f.schema).\(f.table), column: \(f.column) }   # free text: no CHECK constraint or ENUM type (\(RegistryWriter.line(f.location)))\n"
        }
        if let type = e.enumType {
            // The columns of the type, so the Swift and TypeScript readers resolve a value by its table.
            let columns = e.columns.map { "{ table: \($0.schema).\($0.table), column: \($0.column) }" }.joined(separator: ", ")
            return "    sql:\n      enum_type: \(ValueSetNames.unqualified(type))   # \(RegistryWriter.line(e.columns.first?.location))\n"
                + (e.columns.isEmpty ? "" : "      columns: [\(columns)]\n")
        }
        var out = "    sql:\n"
        for c in e.columns {
            var parts = ["table: \(c.schema).\(c.table)", "column: \(c.column)"]
            if let constraint = c.constraint { parts.append("constraint: \(constraint)") }
            out += "      - { " + parts.joined(separator: ", ") + " }   # \(RegistryWriter.line(c.location))\n"
        }
        return out
    }

    /// A value, in the long form when its Swift case is not the one the registry derives (or none derives).
    private static func value(_ raw: String, _ e: SharedEnumDraft) -> String {
        let swiftCase = e.swiftEnum?.cases.first { $0.raw == raw }
        let derived = Identifiers.derivedCaseName(raw)
        let caseName = swiftCase?.name ?? derived ?? Identifiers.suggestedCaseName(raw)
        var notes: [String] = []
        if let swift = e.swiftEnum, swiftCase == nil { notes.append("not a case of \(swift.qualifiedName) (\(RegistryWriter.line(swift.location)))") }
        for (name, values, location) in [(e.union?.name, e.union?.values, e.union?.location), (e.const?.name, e.const?.values, e.const?.location)] {
            if let name, let values, !values.contains(raw) { notes.append("not in \(name) (\(RegistryWriter.line(location)))") }
        }
        if swiftCase == nil, derived == nil { notes.append("no Swift case name derives from it: review the case") }
        let text = caseName == derived ? YAMLText.scalar(raw) : "{ raw: \(YAMLText.scalar(raw)), case: \(caseName) }"
        return notes.isEmpty ? text : text + "   # " + notes.joined(separator: "; ")
    }

    /// A case named other/unknown, else the one the Swift decoding falls back to, when the database has it. Not
    /// `general` as for notification types: a category named so is a value like the others.
    private static func fallback(_ e: SharedEnumDraft) -> String? {
        guard let swift = e.swiftEnum else { return nil }
        let named = swift.cases.first { ["other", "unknown"].contains($0.name) && $0.raw != nil }
        let decoded = swift.decodingFallback.flatMap { name in swift.cases.first { $0.name == name && $0.raw != nil } }
        return (named ?? decoded)?.raw.flatMap { e.values.contains($0) ? $0 : nil }
    }
}
