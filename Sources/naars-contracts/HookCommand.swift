import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsGit
import Foundation

/// `naars-contracts hook install|uninstall`: the git pre-commit hook that runs `check --staged`.
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Installs or removes the git pre-commit hook that runs `check --staged`.",
        subcommands: [Install.self, Uninstall.self]
    )

    /// `hook install`.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Installs the pre-commit hook; an existing hook is kept and runs first.",
            discussion: """
            The hook finds the tool in this order: $NAARS_CONTRACTS, the binary that ran `hook install` \
            (recorded in the hook), `naars-contracts` on PATH. Installing again refreshes the hook, unless it was \
            edited (then it refuses and keeps the edits). A copy of scripts/pre-commit found in place is kept but \
            never run by ours.
            """
        )

        @Option(help: "The registry the hook checks (default: the nearest registry.yaml in this folder or its parents).")
        var registry: String?

        @Option(help: "The naars-contracts binary the hook runs (default: this one).")
        var binary: String?

        func run() throws {
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            let installer = PreCommitHookInstaller(repository: cwd)
            do {
                let top = try installer.workTreeTop()
                // Git runs hooks at the top of the work tree, where the nearest-registry search would miss a
                // registry in a subfolder: record its path from there.
                let registryURL = try RegistryLocator.locate(explicit: registry, from: cwd).url
                guard let relative = relativePath(of: registryURL, under: top) else {
                    throw HookError("\(registryURL.path) is outside the git work tree \(top.path)")
                }
                let script = PreCommitHookScript(binary: binary.map(absolute) ?? currentExecutable(),
                                                 registry: relative, installed: true)
                switch try installer.install(script) {
                case .installed(let hook):
                    print("Installed \(hook.path)")
                case .chained(let hook, let previous):
                    print("Installed \(hook.path); the hook that was there is kept as \(previous.path) and runs first")
                case .keptCopy(let hook, let previous):
                    print("Installed \(hook.path); the hook that was there is a copy of naars-contracts' own pre-commit "
                        + "script: kept as \(previous.path) (uninstall restores it) but not run, as ours does the same check")
                case .updated(let hook):
                    print("Updated \(hook.path)")
                }
            } catch let errors as RegistryErrors {
                warn(errors.description)
                throw ExitCode(2)
            } catch {
                warn("naars-contracts hook install: \(error)")
                throw ExitCode(2)
            }
        }
    }

    /// `hook uninstall`.
    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Removes the pre-commit hook and restores the one it replaced, byte for byte."
        )

        func run() throws {
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            do {
                switch try PreCommitHookInstaller(repository: cwd).uninstall() {
                case .removed(let hook): print("Removed \(hook.path)")
                case .restored(let hook): print("Removed our hook and restored the previous \(hook.path)")
                case .notInstalled(let hook): print("No naars-contracts hook at \(hook.path); nothing changed")
                }
            } catch {
                warn("naars-contracts hook uninstall: \(error)")
                throw ExitCode(2)
            }
        }
    }
}

/// `path` relative to `top`, or nil when it lies outside (symlinks resolved on both sides, as git does).
private func relativePath(of path: URL, under top: URL) -> String? {
    let file = path.resolvingSymlinksInPath().path, base = top.resolvingSymlinksInPath().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : nil
}

/// The running binary's absolute path, recorded so GUI git clients with a short PATH still find it.
private func currentExecutable() -> String? {
    if let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path, !path.isEmpty { return path }
    let arg0 = CommandLine.arguments.first ?? ""
    return arg0.contains("/") ? absolute(arg0) : nil
}

private func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        .standardizedFileURL.path
}

private func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
