import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsGenerate
import ContractsInit
import Foundation

/// `naars-contracts init`: writes registry.yaml from the app as it is.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write registry.yaml (and registry.schema.json) from the existing app in this folder.",
        discussion: """
            Reads the migrations (replayed), the Swift sources and the TypeScript sources; the Swift enum is the \
            source of the values, and every disagreement is written as a comment with file:line. Every other column \
            restricted to a list of values that a Swift enum, a TypeScript union or const, or the code's literals \
            meet in two values or more is registered under enums: (the database's values); the summary names each \
            column left out and why. The notification enum (notifications:) is the one the notification flow names: \
            an enum built from a push payload, a notifications table's column, or the key the push handling routes on \
            and the push builders write; a status column never is, and with no flow no notifications: block is \
            written (--notifications-enum NAME or none changes the guess). Never overwrites \
            an existing registry.yaml. Exit 0 written, 2 registry exists, a file cannot be read, or bad usage.
            """
    )

    @Option(help: "Table of the type column (with --column), when init should not choose it.") var table: String?
    @Option(help: "The type column (with --table).") var column: String?
    @Option(name: .customLong("swift-enum"), help: "The Swift enum that declares the values.") var swiftEnum: String?
    @Option(name: .customLong("enum"),
            help: "A shared enum to register under enums: (repeatable; its name or its Swift enum); default: every one found.")
    var enums: [String] = []
    @Option(name: .customLong("deep-link-enum"),
            help: "The deep-link enum, when init should not choose the one the push handling builds from userInfo.")
    var deepLinkEnum: String?
    @Option(name: .customLong("notifications-enum"),
            help: "The enum pushes and notification rows carry (a Swift enum or a shared enum's name), or `none` for an app with no notification contract; default: the one the notification flow names.")
    var notificationsEnum: String?
    @Flag(name: .customLong("dry-run"), help: "Print the registry instead of writing it (the summary goes to standard error).") var dryRun = false

    func run() throws {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let registryURL = root.appendingPathComponent("registry.yaml")
        // Any entry named registry.yaml counts (`lstat`): a dangling or looping link is said to be one, at
        // registry.yaml:1:1 as `check` says it, never written through.
        var info = stat()
        if !dryRun, lstat(registryURL.path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK, stat(registryURL.path, &info) != 0 {
                do {
                    _ = try RegistryLoader.loadWithBytes(contentsOf: registryURL, file: "registry.yaml")
                } catch let errors as RegistryErrors {
                    Console.error(errors.description)
                    throw ExitCode(2)
                }
            }
            Console.error("error: registry.yaml already exists; init never overwrites it (remove it or use --dry-run)")
            throw ExitCode(2)
        }
        let draft: InitDraft
        do {
            draft = try ContractDiscovery.discover(in: DiskTree(root: root), options: InitOptions(
                table: table, column: column, swiftEnum: swiftEnum, enums: enums, deepLinkEnum: deepLinkEnum, notificationsEnum: notificationsEnum))
        } catch let failure as ContractDiscovery.Failure {
            Console.error(failure.description)
            throw ExitCode(2)
        }
        let text = RegistryWriter.text(draft)
        // What init writes must load: a draft its own loader refuses is a bug of init's, said as such, and nothing is
        // written or printed as the registry (the first `check` would only repeat the loader's errors).
        do {
            _ = try RegistryLoader.load(text: text, file: "registry.yaml", ruleIDs: RuleCatalog.ids)
        } catch {
            Console.error("error: init drafted a registry that does not load, so it writes nothing (a bug in init: please "
                + "report it with these lines)\n\(error)")
            throw ExitCode(2)
        }
        if dryRun {
            // Standard output is the registry (`init --dry-run > registry.yaml` works); the summary the README tells
            // you to read goes to standard error.
            FileHandle.standardOutput.write(Data(text.utf8))
            Console.error(InitSummary.text(draft, dryRun: true))
            return
        }
        // The registry and the schema beside it in one all-or-nothing step: a schema that cannot be written leaves
        // no registry behind either.
        let registry = GeneratedFile(path: "registry.yaml", contents: text)
        let schema = try SchemaBeside.planned(RegistryLocation(root: root, file: "registry.yaml"), registryText: text)
        do {
            try GeneratedFileWriter(root: root, command: "init").write([], judged: [registry] + (schema.map { [$0] } ?? []))
        } catch let error as GeneratedFileWriter.WriteFailure {
            Console.error(error.description)
            throw ExitCode(2)
        }
        Console.print(InitSummary.text(draft))
    }
}
