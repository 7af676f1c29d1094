import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsSuppress
import Foundation

extension ReportFormat: ExpressibleByArgument {}

/// When the text report is coloured.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    /// On a terminal, unless `NO_COLOR` is set (https://no-color.org).
    case auto
    case always
    case never
}

/// How findings are printed, and the one path every command reports through: registry severities,
/// inline suppressions and the baseline applied, then the reporter, then exit 1 when an error is left.
/// A run that stops with exit 2 reports through `fail`, so every format says what went wrong.
struct ReportOptions: ParsableArguments {
    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(help: "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Flag(help: "Print findings only: no summary line, hints or progress.")
    var quiet = false

    @Flag(help: "Fail (exit 1) on warnings too, not only on errors.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("Write the report to FILE instead of standard output (a regular file is replaced atomically; a device or FIFO is written in place).", valueName: "FILE"))
    var output: String?

    /// `adjust` sees the findings left after filtering, before they are counted and printed, and returns the
    /// findings to report with how many it held back (`check --staged` holds back the drift the last commit
    /// already had; the report counts them in one line).
    ///
    /// The formats people read fold the `generated-stale` findings into one (`GeneratedStaleFold`; `verbose` lists
    /// the files in it), counted as one in the summary; the exit code is the same either way.
    func report(_ raw: [Finding], registry: Registry, tree: FileTree, root: URL, verbose: Bool = false,
                adjust: ([Finding]) -> (findings: [Finding], notBlocking: Int) = { ($0, 0) },
                onFailure: () -> Void = {}) throws {
        var (findings, summary, failed) = try judge(raw, registry: registry, tree: tree, root: root, adjust: adjust)
        if format.foldsGeneratedStale {
            findings = GeneratedStaleFold.fold(findings, verbose: verbose)
            summary = summary.recounted(findings)
        }
        let paths = self.paths(root: root.path)
        try write(format.reporter(useColor: useColor, summaryLine: !quiet)
            .render(findings.map(paths.rebase), summary: summary))
        if !quiet, format != .text, format != .json {
            Console.error(summary.line)
            if let line = summary.notBlockingLine { Console.error(line) }
        }
        // In GitHub Actions, every finding goes to the step summary too: annotations stop at GitHub's limits.
        if format == .github, let file = Environment.value("GITHUB_STEP_SUMMARY"), !file.isEmpty {
            StepSummary.append(MarkdownReporter().render(findings.map(paths.rebase), summary: summary), to: file)
        }
        if failed {
            onFailure()
            throw ExitCode(1)
        }
    }

    /// What `report` would print and whether it fails (exit 1), without printing anything: registry severities,
    /// inline suppressions and the baseline applied, then `adjust`. `check --fix --dry-run` exits with this.
    func judge(_ raw: [Finding], registry: Registry, tree: FileTree, root: URL,
               adjust: ([Finding]) -> (findings: [Finding], notBlocking: Int) = { ($0, 0) })
        throws -> (findings: [Finding], summary: CheckSummary, failed: Bool) {
        let filtered = try FindingFilter.applyWithProjectBaseline(raw, registry: registry, tree: tree, root: root)
        let (findings, notBlocking) = adjust(filtered.findings)
        var summary = CheckSummary(findings)
        summary.baselined = filtered.baselined
        summary.suppressed = filtered.suppressed
        summary.notBlocking = notBlocking
        return (findings, summary, summary.errors > 0 || (strict && summary.warnings > 0))
    }

    /// Reports a run that stopped with exit 2: the messages on standard error, and for every format but `text`
    /// and `xcode` its document too (to `--output` when given, written as the report is: `OutputFile`). Always throws.
    func fail(_ failure: ToolFailure) throws -> Never {
        let cwd = FileManager.default.currentDirectoryPath
        let rebased = failure.rebased(paths(root: failure.root ?? cwd))
        Console.error(rebased.description)
        if let document = format.render(rebased) {
            try? write(document)
        }
        throw ExitCode(2)
    }

    /// Text, or coloured text on a terminal (never into `--output`), unless `NO_COLOR` or `--color` says otherwise.
    private var useColor: Bool {
        guard format == .text else { return false }
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = Environment.value("NO_COLOR").map { !$0.isEmpty } ?? false
            return !noColor && output == nil && isatty(1) != 0
        }
    }

    /// Where this format's paths start (see `ReportPathBase`).
    private func paths(root: String) -> ReportPaths {
        let cwd = FileManager.default.currentDirectoryPath
        var gitRoot: String?
        if format.pathsFromRepositoryRoot {
            let top = try? GitProcess.text(["rev-parse", "--show-toplevel"], in: URL(fileURLWithPath: root))
            gitRoot = top.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return ReportPaths(projectRoot: root, base: format.pathBase(projectRoot: root, currentFolder: cwd, gitRoot: gitRoot))
    }

    /// The report on standard output, or into `--output` as `OutputFile` writes it (a regular file replaced whole,
    /// a device or FIFO written in place).
    private func write(_ text: String) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try OutputFile.write(Data(text.utf8), to: output)
        } catch let failure as OutputFile.Failure {
            Console.error(failure.description)
            throw ExitCode(2)
        }
    }

}

/// `$GITHUB_STEP_SUMMARY`: a file the runner renders as Markdown on the run's page, appended to by each step.
enum StepSummary {
    /// Appends `markdown` (`AppendFile`: never waits for a FIFO's reader); a summary that cannot be written is said
    /// on standard error and changes nothing else (the annotations and the exit status are the check's result).
    static func append(_ markdown: String, to path: String) {
        do {
            try AppendFile.append(Data((markdown + "\n").utf8), to: path)
        } catch {
            Console.error("warning: cannot write the step summary to \(path): \(error)")
        }
    }
}
