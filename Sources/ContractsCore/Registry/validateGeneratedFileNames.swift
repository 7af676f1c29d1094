extension ReferenceValidator {
    /// No two generated files may have paths that differ only in case (`Status.swift` and `STATUS.swift`, a shared
    /// enum's `payloads.ts` and the payloads'): on a case-insensitive file system (APFS as macOS formats it) one
    /// replaces the other, so `generate` never converges. Compared over every file `GeneratedFileNames` lists, in
    /// file order: the error is at the later entry and names the earlier.
    func validateGeneratedFileNames(_ registry: Registry) {
        let files = (GeneratedFileNames.swift(registry) + GeneratedFileNames.typeScript(registry)).enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        var first: [String: GeneratedFileName] = [:]
        for file in files {
            let key = file.path.lowercased()
            guard let earlier = first[key] else {
                first[key] = file
                continue
            }
            let clash = earlier.path == file.path
                ? "which \(earlier.entry) at \(earlier.location) writes too"
                : "which differs only in case from \(earlier.path) of \(earlier.entry) at \(earlier.location) (on a "
                    + "case-insensitive file system, as macOS has, one replaces the other)"
            diagnostics.error("\(file.entry) would generate \(file.path), \(clash); choose another name", at: file.location)
        }
    }
}
