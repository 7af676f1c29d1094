import ArgumentParser
import ContractsCore
import ContractsGenerate
import ContractsMigrations
import Foundation

/// `naars-contracts migrations`: numbering, creating, linting and hashing migration files.
struct MigrationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrations",
        abstract: "Number, create, lint and hash migration files.",
        discussion: "Exit 0 clean (warnings allowed), 1 error findings, 2 bad registry or usage.",
        subcommands: [Next.self, New.self, Lint.self, Hash.self]
    )

    /// `migrations next`: the prefix the next migration gets.
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Print the next free migration number (or UTC timestamp) of each migration folder.")

        @OptionGroup var project: ProjectOptions
        @Option(help: "Only this migration folder (prints just the prefix).") var dir: String?

        func run() throws {
            let (location, registry) = try project.load()
            let tree = DiskTree(root: location.root)
            let folders = try MigrationsCommand.folders(registry, dir: dir)
            for folder in folders {
                let existing = try MigrationCatalog.files(in: folder, tree: tree)
                let prefix = MigrationNumbering.nextPrefix(in: folder, existing: existing, now: Date())
                Console.print(dir == nil ? "\(folder.dir): \(prefix)" : prefix)
            }
        }
    }

    /// `migrations new`: creates the next migration, never overwriting anything.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Create the next migration file with a header comment and print its path.")

        @OptionGroup var project: ProjectOptions
        @Argument(help: "What the migration does; becomes its snake_case name.") var description: String
        @Option(help: "Migration folder (default: outputs.sql, else supabase/migrations when configured, else the first sequential folder).") var dir: String?

        func run() throws {
            let (location, registry) = try project.load()
            let folder: MigrationFolder
            if dir != nil {
                folder = try MigrationsCommand.folders(registry, dir: dir)[0]
            } else if let output = registry.newMigrationFolder {
                folder = output
            } else {
                Console.error("error: no default migration folder (set outputs.sql, or configure supabase/migrations or a sequential folder); pass --dir")
                throw ExitCode(2)
            }
            do {
                let path = try MigrationCreation.create(description: description, folder: folder,
                                                        root: location.root, now: Date())
                Console.print(path)
            } catch let refusal as MigrationCreation.Refusal {
                Console.error("error: \(refusal.description)")
                throw ExitCode(2)
            } catch let refusal as ProjectWriteTarget.Refusal {
                Console.error(refusal.description)
                throw ExitCode(2)
            }
        }
    }

    /// `migrations lint`: naming, numbering, base ordering and edits.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Report duplicate numbers, bad names, gaps, mixed schemes, version collisions and edited migrations.")

        @OptionGroup var project: ProjectOptions
        @Option(help: "Git revision to compare with: migrations added since it must sort after its newest one.")
        var against: String?
        @OptionGroup var output: ReportOptions

        func run() throws {
            let (location, registry) = try project.load()
            var base: [String]?
            if let against {
                // The ref `check --against` accepts: never an option or an empty name handed to git.
                if let problem = GitRevisionName.problem(against) {
                    Console.error("error: " + problem)
                    throw ExitCode(2)
                }
                do {
                    base = try GitRevisionFiles.list(ref: against, dirs: registry.migrations.map(\.dir), root: location.root)
                } catch let error as GitError {
                    // What git said, without the command line: `--against` is the user's only input here.
                    let said = error.message.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").joined(separator: "; ")
                    Console.error("error: cannot read \(GitRevisionName.shown(against)): git: \(HiddenScalars.visible(said))")
                    throw ExitCode(2)
                }
            }
            let context = CheckContext(registry: registry, tree: DiskTree(root: location.root))
            let findings: [Finding]
            do {
                findings = try MigrationLint.findings(in: context, baseRevisionFiles: base)
            } catch {
                Console.error("error: \(error)")
                throw ExitCode(2)
            }
            try output.report(findings, registry: registry, tree: context.tree, root: location.root)
        }
    }

    /// `migrations hash`: records every migration's content in its folder's migrations.sum.
    struct Hash: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hash",
            abstract: "Write migrations.sum in each migration folder, so later edits to recorded migrations are reported.")

        @OptionGroup var project: ProjectOptions
        @Option(help: "Only this migration folder.") var dir: String?

        func run() throws {
            let (location, registry) = try project.load()
            let tree = DiskTree(root: location.root)
            // Every folder's sum first, then every file in one all-or-nothing step: a folder that cannot be read or
            // written leaves every migrations.sum as it was.
            let sums = try MigrationsCommand.folders(registry, dir: dir).map { folder in
                (path: folder.dir + "/" + MigrationSum.fileName, sum: try MigrationSum(folder: folder, tree: tree))
            }
            do {
                try GeneratedFileWriter(root: location.root, command: "migrations hash")
                    .write([], judged: sums.map { GeneratedFile(path: $0.path, contents: $0.sum.text) })
            } catch let failure as GeneratedFileWriter.WriteFailure {
                Console.error(failure.description)
                throw ExitCode(2)
            }
            for (path, sum) in sums { Console.print("wrote \(path) (\(sum.entries.count) migrations)") }
        }
    }

    /// The configured folders, or just the one named by `--dir` (exit 2 when it is not configured).
    static func folders(_ registry: Registry, dir: String?) throws -> [MigrationFolder] {
        guard let dir else { return registry.migrations }
        let wanted = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
        guard let folder = registry.migrations.first(where: { $0.dir == wanted }) else {
            let known = registry.migrations.map(\.dir).joined(separator: ", ")
            Console.error("error: \(dir) is not a migration folder in the registry (configured: \(known))")
            throw ExitCode(2)
        }
        return [folder]
    }
}
