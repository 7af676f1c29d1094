import ContractsCore
import Foundation

/// The text of the pre-commit hook: runs a hook that was there before ours, then `naars-contracts check
/// --staged`; `check --staged` itself names `generate` when, and only when, a generated file is stale.
///
/// One text for both ways in: `hook install` writes it with the binary and registry it was run with;
/// `scripts/pre-commit` is the same script with neither recorded (a golden test keeps them equal).
/// The tool is found in this order: `$NAARS_CONTRACTS`, the path recorded at install (when still executable),
/// `naars-contracts` on PATH.
public struct PreCommitHookScript: Sendable, Equatable {
    /// First-line comment every variant carries.
    public static let marker = "# naars-contracts pre-commit hook"
    /// Only in hooks `hook install` wrote: what `hook uninstall` may remove. A copied `scripts/pre-commit`
    /// lacks it, so install chains it like any other hook instead of replacing it.
    public static let installedMarker = "# installed-by: naars-contracts hook install"
    /// Name the hook that was there before `hook install` is kept under, next to ours.
    public static let previousHookName = "pre-commit.naars-contracts-previous"
    /// Only in hooks `hook install` wrote: the digest of the rest of the hook, so installing again can tell
    /// a hook the user edited (kept, install refuses) from one it may refresh.
    public static let digestPrefix = "# hook-digest: "

    /// Absolute path of the binary that ran `hook install`, or nil (the standalone script).
    public var binary: String?
    /// The registry, relative to the top of the work tree (where git runs hooks), or nil for the CLI default.
    public var registry: String?
    /// Whether this is the copy `hook install` writes (adds `installedMarker`).
    public var installed: Bool

    public init(binary: String?, registry: String?, installed: Bool) {
        self.binary = binary
        self.registry = registry
        self.installed = installed
    }

    /// The script shipped as `scripts/pre-commit`.
    public static let standalone = PreCommitHookScript(binary: nil, registry: nil, installed: false)

    /// The hook's text: the installed variant carries the digest of the rest of its text.
    public var text: String {
        guard installed else { return body }
        return Self.withDigest(body)
    }

    /// `body` with a digest line after its second line.
    static func withDigest(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(digestPrefix + SHA256.hex(Data(body.utf8)), at: min(2, lines.count))
        return lines.joined(separator: "\n")
    }

    /// Whether a hook `hook install` wrote is as it wrote it: its digest line matches the rest of its text.
    /// A hook without the line (edited, or written by an older naars-contracts) is not.
    public static func isUnedited(_ hook: String) -> Bool {
        var lines = hook.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(digestPrefix) }) else { return false }
        let recorded = String(lines.remove(at: index).dropFirst(digestPrefix.count))
        return recorded == SHA256.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// Whether a script is one of ours (installed or a copy of `scripts/pre-commit`, its comments reworded or
    /// not): chaining to it would run the same check twice. Known by its first comment line, or by what it does:
    /// a script that runs `pre-commit.naars-contracts-previous` beside itself runs its own path once it is kept
    /// under that name, for ever; such a hook is never chained.
    public static func isOurScript(_ content: Data) -> Bool {
        let text = String(decoding: content, as: UTF8.self)
        return text.contains(previousHookName)
            || text.prefix(1024).split(separator: "\n").contains { $0.hasPrefix(marker) }
    }

    private var body: String {
        """
        #!/usr/bin/env bash
        \(Self.marker): checks what is staged against the registry.
        \(installed ? Self.installedMarker + "\n" : "")\
        # Finds the tool in this order: $NAARS_CONTRACTS, the path recorded below, `naars-contracts` on PATH.
        # A hook that was here before `naars-contracts hook install` is kept as \(Self.previousHookName)
        # and runs first (unless it is a copy of this script). Skip every check once with `git commit --no-verify`.
        # It prints what blocks the commit, then one line counting the findings the last commit already had in files
        # this commit leaves alone (they do not block); `naars-contracts check --staged --verbose` lists them.
        set -u
        recorded_binary=\(shellQuoted(binary ?? ""))
        registry=\(shellQuoted(registry ?? ""))
        previous="$(dirname "$0")/\(Self.previousHookName)"

        if [ -x "$previous" ]; then
          if grep -qF '\(Self.previousHookName)' "$previous" 2>/dev/null || [ "$previous" -ef "$0" ]; then
            : # a copy of this script (however its comments read): it would run this check again, and itself as its own previous hook
          else
            "$previous" "$@" || exit $?
          fi
        fi

        if [ -n "${NAARS_CONTRACTS:-}" ]; then
          bin="$NAARS_CONTRACTS"
        elif [ -n "$recorded_binary" ] && [ -x "$recorded_binary" ]; then
          bin="$recorded_binary"
        elif command -v naars-contracts >/dev/null 2>&1; then
          bin=naars-contracts
        else
          echo "naars-contracts pre-commit: naars-contracts not found; put it on PATH or set NAARS_CONTRACTS." >&2
          echo "Commit blocked. To skip the check once: git commit --no-verify" >&2
          exit 1
        fi

        if [ -n "$registry" ]; then
          set -- --registry "$registry"
        else
          set --
        fi
        "$bin" check --staged "$@"
        status=$?
        if [ "$status" -ne 0 ]; then
          echo >&2
          echo "naars-contracts: commit blocked (check --staged exited $status)." >&2
          exit "$status"
        fi

        """
    }

    /// `'...'` for bash, with embedded single quotes closed, escaped and reopened.
    private func shellQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
