import ContractsCore
import Foundation

/// Where the paths of a report start. Findings carry paths relative to the project root (the registry's
/// folder); each consumer wants them from somewhere else: a person from the folder they ran the command in,
/// Xcode an absolute path it can jump to from a Run Script phase, GitHub (annotations and code scanning)
/// the repository root, which differs from the project root when the registry sits in a subfolder.
public enum ReportPathBase: Sendable, Equatable {
    /// Relative to this absolute folder (the current folder, or the git repository root).
    case relative(to: String)
    /// Absolute paths.
    case absolute
}

extension ReportFormat {
    /// The base this format's paths use: `xcode` absolute; `github`, `sarif`, `markdown`, `junit` and
    /// `codeclimate` (read by a CI service against the checked-out repository) the repository root, else the
    /// project root; `text` and `json` the current folder.
    public func pathBase(projectRoot: String, currentFolder: String, gitRoot: String?) -> ReportPathBase {
        switch self {
        case .xcode: return .absolute
        case .github, .sarif, .markdown, .junit, .codeclimate: return .relative(to: gitRoot ?? projectRoot)
        case .text, .json: return .relative(to: currentFolder)
        }
    }

    /// Whether `pathBase` asks for the repository root (so the CLI asks git for it).
    public var pathsFromRepositoryRoot: Bool {
        pathBase(projectRoot: "/p", currentFolder: "/c", gitRoot: "/g") == .relative(to: "/g")
    }
}

/// Rewrites the paths findings and errors carry from the project root to a report's base.
public struct ReportPaths: Sendable {
    /// The project root, absolute and without symbolic links.
    public var projectRoot: String
    public var base: ReportPathBase

    public init(projectRoot: String, base: ReportPathBase) {
        self.projectRoot = ReportPaths.resolved(projectRoot)
        if case .relative(let folder) = base {
            self.base = .relative(to: ReportPaths.resolved(folder))
        } else {
            self.base = base
        }
    }

    /// `path` (relative to the project root) as the report prints it.
    public func rebase(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (projectRoot == "/" ? "/" + path : projectRoot + "/" + path)
        switch base {
        case .absolute: return ReportPaths.normalized(absolute)
        case .relative(let folder): return ReportPaths.relative(ReportPaths.normalized(absolute), from: folder)
        }
    }

    public func rebase(_ location: SourceLocation) -> SourceLocation {
        var out = location
        out.file = rebase(location.file)
        return out
    }

    public func rebase(_ finding: Finding) -> Finding {
        var out = finding
        out.location = rebase(finding.location)
        out.registryLocation = finding.registryLocation.map(rebase)
        out.related = finding.related.map(rebase)
        switch finding.subject {
        case .migrationFile(let path)?: out.subject = .migrationFile(path: rebase(path))
        case .file(let path)?: out.subject = .file(path: rebase(path))
        default: break
        }
        return out
    }

    /// `target` seen from `folder` (both absolute and normalized): `a/b`, `../x/a`, or `.` for the folder itself.
    static func relative(_ target: String, from folder: String) -> String {
        let to = target.split(separator: "/"), from = folder.split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `.` and empty components removed, `..` applied.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else if part != ".." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The absolute path with symbolic links resolved (macOS's /var → /private/var would otherwise give
    /// `../../private/...` between a git root and a project root reached two ways).
    static func resolved(_ path: String) -> String {
        normalized(URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    }
}
