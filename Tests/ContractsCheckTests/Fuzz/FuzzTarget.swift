import ContractsCheck
import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTestSupport
import ContractsTypeScriptSource
import Foundation

/// One reader under fuzzing: its seed corpus (`Tests/Fuzz/corpus/<name>/`), its tokens, and how one input
/// is read in process (`read`) and with the real binary (`project` + `command`).
enum FuzzTarget: String, CaseIterable {
    case registry, typescript, swift, sql

    static var corpusRoot: URL { CLIHarness.repoRoot.appendingPathComponent("Tests/Fuzz/corpus") }

    /// The registry the source readers run under (the drift fixture's: every rule applies).
    static let baseRegistryText: String = {
        (try? String(contentsOf: corpusRoot.appendingPathComponent("registry/app-drift.yaml"), encoding: .utf8)) ?? ""
    }()

    static let baseRegistry: Registry? = try? RegistryLoader.load(text: baseRegistryText, file: "registry.yaml")

    /// Where the input goes in a project.
    var path: String {
        switch self {
        case .registry: return "registry.yaml"
        case .typescript: return "supabase/functions/fuzz/index.ts"
        case .swift: return "NaarsCars/Fuzz.swift"
        case .sql: return "database/001_fuzz.sql"
        }
    }

    var fileExtension: String {
        switch self {
        case .registry: return "yaml"
        case .typescript: return "ts"
        case .swift: return "swift"
        case .sql: return "sql"
        }
    }

    var tokens: [String] {
        switch self {
        case .registry:
            return [": ", "- ", "&a ", "*a", "payloads:\n", "  P:\n    fields: { a: P }\n", "fields: {a: \"[[[int]]]\"}", "? ", "|\n", "!!str ", "\u{0}"]
        case .typescript:
            return ["as const", "=>", "/re/g", "`${", "notification_type", "type: '", "/* ", "<T>", "...", "?.", "\u{0}"]
        case .swift:
            return ["switch self {", "case .", "#if DEBUG\n", "#endif\n", "\"\"\"", "#\"", "userInfo[\"type\"]", "NotificationType(rawValue: \"x\")", "\\(\\(", "self\\(", "\u{0}"]
        case .sql:
            return ["DO $$ BEGIN ", " END $$;", "CHECK (type IN ('a', 'b'))", "E'", "--", "$f$", "CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;", "IF ", "'a', ", "\u{0}"]
        }
    }

    /// The seed inputs, sorted by name: the files of `corpus/<name>/`, not those of its folders (`slow/`).
    func seeds() throws -> [(name: String, bytes: [UInt8])] {
        try Self.files(in: Self.corpusRoot.appendingPathComponent(rawValue))
    }

    /// The slow inputs saved apart (`corpus/<name>/slow/`): not replayed, since the suite would judge them by time.
    func slowInputs() throws -> [(name: String, bytes: [UInt8])] {
        try Self.files(in: Self.corpusRoot.appendingPathComponent(rawValue).appendingPathComponent(Self.slowFolder),
                       extension: fileExtension)
    }

    static let slowFolder = "slow"

    /// The regular files directly in `folder` (with `extension`, when given), sorted by name; none when it is absent.
    static func files(in folder: URL, extension: String? = nil) throws -> [(name: String, bytes: [UInt8])] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
                  `extension`.map({ url.pathExtension == $0 }) ?? true else { return nil }
            return (name, Array(try Data(contentsOf: url)))
        }
    }

    /// An input on which the worker crashes on purpose, so a test can prove the runner catches crashes.
    static let crashMarker = "NAARS-FUZZ-CRASH-ON-PURPOSE"

    /// Reads one input the way `check` does, in this process.
    func read(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text == Self.crashMarker { fatalError("the fuzz runner's self-test") }
        switch self {
        case .registry:
            guard let registry = try? RegistryLoader.load(text: text, file: "registry.yaml") else { return }
            // Loaded: every generator runs too (the generated-file check renders them all).
            _ = try? ContractCheck.findings(in: CheckContext(registry: registry, tree: MemoryTree(text: ["registry.yaml": text])))
        case .typescript:
            guard let registry = Self.baseRegistry else { return }
            _ = lexTypeScript(text)
            _ = TypeScriptSourceCheck.findings(inFile: path, text: text, registry: registry)
        case .swift:
            guard let registry = Self.baseRegistry else { return }
            _ = try? SwiftSourceCheck.findings(in: CheckContext(registry: registry, tree: MemoryTree(text: [path: text])))
        case .sql:
            guard let registry = Self.baseRegistry else { return }
            _ = try? SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: MemoryTree(text: [path: text])))
        }
    }
}
