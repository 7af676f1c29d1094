import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsGenerate
import ContractsGeneratePlan
import ContractsInit
import ContractsReport
import ContractsSuppress
import Foundation

/// `naars-contracts generate`: writes every generated file whose content changed.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the Swift, TypeScript and SQL generated from registry.yaml.",
        discussion: """
        Rewrites only files whose content changed, atomically; never overwrites a file without the generated \
        header; writes a new constraint migration only when replaying the migrations gives a different set. \
        Exit 0 written (or nothing to do), 1 with --check when something is out of date, 2 bad registry or input.
        """
    )

    @OptionGroup var project: ProjectOptions

    @Flag(help: "Print the unified diff of what would change and write nothing.")
    var dryRun = false

    @Flag(help: "Write nothing; exit 1 when any generated file is out of date (for CI).")
    var check = false

    @Option(help: "With --check: also fail (exit 1) on breaking changes since this git commit's registry (see `check --against`).")
    var against: String?

    func validate() throws {
        if against != nil, !check { throw ValidationError("--against works with --check only (generate writes nothing then)") }
    }

    func run() throws {
        let (location, registry) = try project.load()
        // One generate at a time per project: temporary files found while holding the lock are stale.
        try ProjectLock.holding(location.root) { try generate(location, registry) }
    }

    /// With `--against`: prints the breaking changes since REF that the registry's severities leave errors or
    /// warnings (text format, to standard output) and says whether any is an error.
    private func breakingChanges(_ location: RegistryLocation, _ registry: Registry) throws -> Bool {
        guard let against else { return false }
        let findings = FindingFilter.applySeverities(
            try AgainstOption.findings(ref: against, location: location, registry: registry), registry: registry).sortedForReport()
        if !findings.isEmpty { Console.print(TextReporter().render(findings, summary: CheckSummary(findings))) }
        return findings.contains { $0.severity == .error }
    }

    private func generate(_ location: RegistryLocation, _ registry: Registry) throws {
        let overlapping = OutputFolderGuard.refusals(registry, root: location.root)
        if !overlapping.isEmpty {
            for line in overlapping { Console.error(line) }
            throw ExitCode(2)
        }
        let context = CheckContext(registry: registry, tree: DiskTree(root: location.root))
        let plan: GenerationPlan
        do {
            plan = try GenerationPlan.make(context: context)
        } catch let error as GenerationRefused {
            Console.error(error.description)
            throw ExitCode(2)
        } catch let error as FileTreeError {
            Console.error("\(error.path):1:1: error: \(error.reason)")
            throw ExitCode(2)
        } catch {
            Console.error("\(registry.file):1:1: error: cannot plan the generated files: \(error)")
            throw ExitCode(2)
        }
        for line in plan.migrationSkipped { Console.error(line) }
        let writer = GeneratedFileWriter(root: location.root, command: "generate")
        let changes = writer.changes(for: plan.files + [plan.manifest])
        let refused = changes.filter { $0.change == .refused }.map(\.file.path)
        if !refused.isEmpty {
            Console.error(GeneratedFileWriter.WriteRefused(paths: refused).description)
            throw ExitCode(2)
        }
        // The manifest is bookkeeping: it alone never makes `--check` fail.
        let pending = changes.filter { $0.change != .unchanged && $0.file.path != GeneratedManifest.fileName }
        if dryRun || check {
            for item in pending {
                if case .update(let old) = item.change {
                    Console.print(UnifiedDiff.render(old: old, new: item.file.contents, path: item.file.path))
                } else {
                    Console.print(UnifiedDiff.render(old: nil, new: item.file.contents, path: item.file.path))
                }
            }
            for orphan in plan.orphans { Console.print("would remove \(orphan) (no longer generated)") }
            let count = pending.count + plan.orphans.count
            Console.error(count == 0 ? "Generated files are up to date." : "\(count) file(s) would change; nothing written.")
            let breaking = try breakingChanges(location, registry)
            if check, count > 0 || breaking { throw ExitCode(1) }
            return
        }
        // The schema beside the registry is written in the same step as the generated files: a target that cannot
        // be written (a folder in its place, a link out of the project) refuses the whole run before anything changes.
        let schema = try SchemaBeside.planned(location)
        do {
            for path in try writer.write(plan.files + [plan.manifest], removing: plan.orphans, judged: schema.map { [$0] } ?? [])
            where path != schema?.path {
                Console.print("wrote \(path)")
            }
        } catch let error as GeneratedFileWriter.WriteRefused {
            Console.error(error.description)
            throw ExitCode(2)
        } catch let error as GeneratedFileWriter.WriteFailure {
            Console.error(error.description)
            throw ExitCode(2)
        }
        for orphan in plan.orphans { Console.print("removed \(orphan) (no longer generated)") }
        // After a successful write only, so a run that exits 2 changes nothing.
        let targets = plan.files.map(\.path) + [plan.manifest.path] + plan.orphans
        let folders = targets.map { path in path.split(separator: "/").dropLast().joined(separator: "/") }
        for stale in StaleTemporaryFiles.remove(in: folders, root: location.root) {
            Console.print("removed \(stale) (a temporary file left by an interrupted run)")
        }
        if pending.isEmpty, plan.orphans.isEmpty { Console.error("Generated files are up to date.") }
        if schema != nil { Console.print("wrote \(RegistrySchemaFile.name)") }
    }
}

/// Keeps registry.schema.json beside the registry current (`RegistrySchemaFile`), when the registry's
/// `yaml-language-server` line names it: absent or an older copy of ours is written, anything else is left.
enum SchemaBeside {
    /// The schema file to write beside the registry, or nil when it is not referenced or already current. Writes
    /// nothing: the caller writes it with everything else, all or nothing (`GeneratedFileWriter.write(judged:)`).
    /// `registryText`: the registry as it will be written, when it is not on disk yet (`init`).
    static func planned(_ location: RegistryLocation, registryText: String? = nil) throws -> GeneratedFile? {
        guard let text = registryText ?? (try? String(contentsOf: location.url, encoding: .utf8)),
              RegistrySchemaFile.isReferenced(by: text) else { return nil }
        let name = location.file.contains("/")
            ? location.file.split(separator: "/").dropLast().joined(separator: "/") + "/" + RegistrySchemaFile.name
            : RegistrySchemaFile.name
        let url = location.root.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        guard isFolder.boolValue || RegistrySchemaFile.action(existing: try? Data(contentsOf: url)) == .write else { return nil }
        return GeneratedFile(path: name, contents: String(decoding: RegistrySchemaFile.contents, as: UTF8.self))
    }
}
