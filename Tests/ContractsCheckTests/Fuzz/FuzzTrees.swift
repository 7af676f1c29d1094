import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import ContractsTypeScriptSource
import Foundation
import XCTest

/// One fuzzed tree for a target of the binary: files laid over a fixture app's copy (`base`), or a whole tree.
struct FuzzTreeInput {
    var base: String?
    var files: [String: [UInt8]]
    /// Where it came from: a corpus folder, or the seed and number of a mutated input.
    var label: String

    /// The same files, the same name.
    var hash: String {
        var bytes = Array((base ?? "").utf8)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) { bytes += Array(path.utf8) + [0] + data + [0] }
        return String(FuzzTests.fnv1a(bytes), radix: 16)
    }

    func write(into root: URL) throws {
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// Every regular file below `folder`, by its path relative to it.
    static func read(_ folder: URL) -> [String: [UInt8]] {
        FuzzBinary.tree(folder).mapValues { Array($0) }
    }
}

/// The targets that run the real binary on whole trees (`FuzzCLITests`):
///
/// - `fix`: a drift fixture app with some of its Swift and TypeScript files mutated goes through `check --fix`.
///   Exit 0, 1 or 2 only; on 2 nothing written; otherwise only Swift and TypeScript files changed, none with more
///   syntax errors than before (swift-syntax) or a literal or comment left open that was not (the TypeScript
///   lexer), and a second `check --fix` changes no byte and reports what the first left.
/// - `init`: a tree of corpus files, mutated, laid out as an app (`App/`, `database/`, `supabase/functions/`), goes
///   through `init`. Exit 0 with a registry `RegistryLoader` loads, on which `check` exits 0 or 1; or exit 2 with
///   nothing written, but not because `init` refused its own draft (that is a bug of its discovery, kept from the
///   user by the refusal, not by the fuzzer).
///
/// Each input that fails is saved (`NAARS_FUZZ_SAVE=1`) as a folder under `Tests/Fuzz/corpus/fix/<app>/` or
/// `Tests/Fuzz/corpus/init/`, which every later run replays first.
enum FuzzTreeTarget: String, CaseIterable {
    case fix
    case initialize = "init"

    /// The drift apps `--fix` has something to fix in.
    static let fixApps = ["app-drift", "kinds-app-drift", "carpool-app-drift"]

    var corpus: URL { FuzzTarget.corpusRoot.appendingPathComponent(rawValue) }

    /// The saved inputs: `fix/<app>/found-*/` and `init/found-*/`.
    func replays() throws -> [FuzzTreeInput] {
        func folders(_ url: URL) throws -> [URL] {
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map { url.appendingPathComponent($0) }
                .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true }
        }
        switch self {
        case .fix:
            return try folders(corpus).flatMap { app in
                try folders(app).map { FuzzTreeInput(base: app.lastPathComponent, files: FuzzTreeInput.read($0),
                                                     label: "corpus/fix/\(app.lastPathComponent)/\($0.lastPathComponent)") }
            }
        case .initialize:
            return try folders(corpus).map { FuzzTreeInput(base: nil, files: FuzzTreeInput.read($0), label: "corpus/init/\($0.lastPathComponent)") }
        }
    }

    /// With `NAARS_FUZZ_SAVE=1`, writes a failing input into the corpus as a folder.
    func save(_ input: FuzzTreeInput) throws -> String? {
        guard FuzzTests.environment["NAARS_FUZZ_SAVE"] == "1" else { return nil }
        let relative = [rawValue, input.base, "found-" + input.hash].compactMap { $0 }.joined(separator: "/")
        try input.write(into: FuzzTarget.corpusRoot.appendingPathComponent(relative))
        return "Tests/Fuzz/corpus/\(relative)/"
    }
}

/// A drift app ready for `check --fix` inputs: a pristine copy (generated files written), its own Swift and
/// TypeScript files, and the ones `check --fix` changes in it as it is.
struct FuzzFixApp {
    var name: String
    var root: URL
    var sources: [String]
    var fixed: [String]

    init(_ name: String, for test: XCTestCase) throws {
        self.name = name
        root = try FixtureApp.copy(name, for: test)
        sources = FuzzBinary.tree(FixtureApp.source.appendingPathComponent(name)).keys
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".ts") }.sorted()
        let probe = try Self.copy(root)
        defer { try? FileManager.default.removeItem(at: probe) }
        let before = FuzzBinary.tree(probe)
        _ = try FuzzBinary.run(["check", "--fix", "--no-cache"], in: probe)
        fixed = FuzzBinary.changes(before, FuzzBinary.tree(probe))
    }

    static func copy(_ root: URL) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("naars-fuzz-tree-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root, to: copy)
        return copy
    }

    /// One to three of its files mutated, half of them among the ones `check --fix` changes.
    func mutated(_ random: inout FuzzRandom, label: String) throws -> FuzzTreeInput {
        var files: [String: [UInt8]] = [:]
        for _ in 0..<(1 + random.below(3)) {
            let pool = !fixed.isEmpty && random.below(2) == 0 ? fixed : sources
            let path = pool[random.below(pool.count)]
            let target: FuzzTarget = path.hasSuffix(".swift") ? .swift : .typescript
            let kin = sources.filter { $0.hasSuffix(target.fileExtension) }
            let bytes = try files[path] ?? Array(Data(contentsOf: root.appendingPathComponent(path)))
            let other = try Array(Data(contentsOf: root.appendingPathComponent(kin[random.below(kin.count)])))
            files[path] = FuzzMutator(tokens: target.tokens).mutate(bytes, splice: other, random: &random)
        }
        return FuzzTreeInput(base: name, files: files, label: label)
    }

    /// Runs `check --fix` twice on the app with `input` laid over it.
    func judge(_ input: FuzzTreeInput) throws -> FuzzVerdict {
        let root = try Self.copy(root)
        defer { try? FileManager.default.removeItem(at: root) }
        try input.write(into: root)
        let arguments = ["check", "--fix", "--no-cache"]
        let snapshot = FuzzBinary.snapshot(root)
        let before = snapshot.mapValues(\.0)
        let first = try FuzzBinary.run(arguments, in: root)
        if let failure = first.failure(arguments, allowed: [0, 1, 2]) { return FuzzVerdict(failure.kind, failure.what) }
        let fixed = FuzzBinary.snapshot(root)
        func broken(_ what: String) -> FuzzVerdict { FuzzVerdict(.brokenInvariant, what) }
        if first.status == 2 {
            let written = FuzzBinary.written(snapshot, fixed)
            return written.isEmpty ? FuzzVerdict(outcome: "exit 2")
                : broken("`check --fix` exited 2 and wrote \(written)\n\(first.stderr.suffix(2_000))")
        }
        let after = fixed.mapValues(\.0)
        let changed = FuzzBinary.changes(before, after)
        for path in changed {
            guard let old = before[path].map(Array.init), let new = after[path].map(Array.init) else {
                return broken("`check --fix` \(before[path] == nil ? "added" : "removed") \(path)")
            }
            if path.hasSuffix(".swift") {
                let errors = (FuzzBinary.swiftSyntaxErrors(old), FuzzBinary.swiftSyntaxErrors(new))
                if errors.1 > errors.0 { return broken("`check --fix` left \(path) with \(errors.1) syntax errors, \(errors.0) before") }
            } else if path.hasSuffix(".ts") {
                let open = (FuzzBinary.typeScriptOpenLiterals(lexTypeScript(String(decoding: old, as: UTF8.self))),
                            FuzzBinary.typeScriptOpenLiterals(lexTypeScript(String(decoding: new, as: UTF8.self))))
                if open.1 > open.0 { return broken("`check --fix` left \(path) with \(open.1) literals or comments open, \(open.0) before") }
                let lost = FuzzBinary.typeScriptTokensLost(old, new)
                if !lost.isEmpty { return broken("`check --fix` changed how \(path) lexes after its edits: \(lost.prefix(5))") }
            } else {
                return broken("`check --fix` changed \(path), neither Swift nor TypeScript")
            }
        }
        let second = try FuzzBinary.run(arguments, in: root)
        if let failure = second.failure(arguments, allowed: [first.status ?? 0]) {
            return FuzzVerdict(failure.kind, "a second run: " + failure.what)
        }
        let again = FuzzBinary.changes(after, FuzzBinary.tree(root))
        if !again.isEmpty { return broken("a second `check --fix` changed \(again)\n\(second.stderr.suffix(2_000))") }
        if second.stdout != first.stdout {
            return broken("a second `check --fix` reported otherwise than the first\nfirst:\n\(first.stdout.suffix(1_500))\nsecond:\n\(second.stdout.suffix(1_500))")
        }
        return FuzzVerdict(outcome: "exit \(first.status ?? 0), " + (changed.isEmpty ? "nothing fixed" : "files fixed"))
    }
}

/// Trees for `init`: corpus files, mutated, in an app's layout.
struct FuzzInitTrees {
    let swift: [(name: String, bytes: [UInt8])]
    let sql: [(name: String, bytes: [UInt8])]
    let typescript: [(name: String, bytes: [UInt8])]

    init() throws {
        swift = try FuzzTarget.swift.seeds()
        sql = try FuzzTarget.sql.seeds()
        typescript = try FuzzTarget.typescript.seeds()
    }

    /// One to four Swift files under `App/`, one to four numbered migrations under `database/` and up to two edge
    /// functions, each a corpus file as it is (one in four) or mutated from it.
    func tree(_ random: inout FuzzRandom, label: String) -> FuzzTreeInput {
        var files: [String: [UInt8]] = [:]
        func pick(_ target: FuzzTarget, _ seeds: [(name: String, bytes: [UInt8])], count: Int, path: (Int, String) -> String) {
            let mutator = FuzzMutator(tokens: target.tokens)
            for i in 0..<count {
                let seed = seeds[random.below(seeds.count)]
                let bytes = random.below(4) == 0 ? seed.bytes
                    : FuzzTests.mutated(target, seeds: [seed.bytes], mutator: mutator, random: &random)
                let stem = String(seed.name.prefix { $0 != "." }.drop { $0.isNumber || $0 == "_" })
                files[path(i, stem.isEmpty ? "file" : stem)] = bytes
            }
        }
        let folders = ["Models", "Services", "App"]
        pick(.swift, swift, count: 1 + random.below(4)) { "App/\(folders[$0 % folders.count])/\($0)\($1).swift" }
        pick(.sql, sql, count: 1 + random.below(4)) { String(format: "database/%03d_", $0 + 1) + "\($1).sql" }
        pick(.typescript, typescript, count: random.below(3)) { "supabase/functions/\($1)-\($0)/index.ts" }
        return FuzzTreeInput(base: nil, files: files, label: label)
    }

    /// Runs `init` in the tree, then `check` when it wrote a registry.
    static func judge(_ input: FuzzTreeInput) throws -> FuzzVerdict {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-fuzz-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try input.write(into: root)
        let snapshot = FuzzBinary.snapshot(root)
        let run = try FuzzBinary.run(["init"], in: root)
        if let failure = run.failure(["init"], allowed: [0, 2]) { return FuzzVerdict(failure.kind, failure.what) }
        func broken(_ what: String) -> FuzzVerdict { FuzzVerdict(.brokenInvariant, what) }
        let written = FuzzBinary.written(snapshot, FuzzBinary.snapshot(root))
        if run.status == 2 {
            if !written.isEmpty { return broken("`init` exited 2 and wrote \(written)\n\(run.stderr.suffix(2_000))") }
            // Nothing written, as it must; but a draft its own loader refused is still a bug of init's discovery.
            if run.stderr.contains("init drafted a registry that does not load") {
                return broken("`init` drafted a registry that does not load (and wrote nothing)\n\(run.stderr.suffix(2_000))")
            }
            return FuzzVerdict(outcome: "exit 2")
        }
        guard written.contains("registry.yaml"), written.allSatisfy({ ["registry.yaml", "registry.schema.json"].contains($0) }) else {
            return broken("`init` exited 0 and wrote \(written), not registry.yaml (and its schema)")
        }
        do {
            _ = try RegistryLoader.load(contentsOf: root.appendingPathComponent("registry.yaml"), file: "registry.yaml",
                                        ruleIDs: RuleCatalog.ids)
        } catch {
            return broken("`init` wrote a registry that does not load: \(error)")
        }
        let check = try FuzzBinary.run(["check", "--no-cache"], in: root)
        if let failure = check.failure(["check", "--no-cache"], allowed: [0, 1]) {
            return FuzzVerdict(failure.kind, "after `init`: " + failure.what)
        }
        return FuzzVerdict(outcome: "exit 0, check exit \(check.status ?? 0)")
    }
}
