/// A unified diff (`diff -u` style, three lines of context) between two texts, for `generate --dry-run`,
/// for saying what differs in a stale generated file, and for showing how a live function's body differs.
public enum UnifiedDiff {
    /// The diff of `old` (nil: the file does not exist) → `new`; empty when equal.
    public static func render(old: String?, new: String, path: String, context: Int = 3) -> String {
        if old == new { return "" }
        return render(old: old.map(lines) ?? [], new: lines(new), oldLabel: old == nil ? "/dev/null" : "a/" + path,
                      newLabel: "b/" + path, context: context)
    }

    /// The diff of the lines `a` → `b` under `--- oldLabel` and `+++ newLabel`; empty when they are equal.
    public static func render(old a: [String], new b: [String], oldLabel: String, newLabel: String, context: Int = 3) -> String {
        if a == b { return "" }
        let ops = editScript(a, b)
        var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for hunk in hunks(ops, context: context) {
            let oldStart = hunk.first { $0.oldIndex != nil }?.oldIndex.map { $0 + 1 } ?? 0
            let newStart = hunk.first { $0.newIndex != nil }?.newIndex.map { $0 + 1 } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(oldCount == 0 ? max(oldStart - 1, 0) : oldStart),\(oldCount) +\(newCount == 0 ? max(newStart - 1, 0) : newStart),\(newCount) @@\n"
            for op in hunk {
                switch op.kind {
                case .equal: out += " " + a[op.oldIndex!] + "\n"
                case .delete: out += "-" + a[op.oldIndex!] + "\n"
                case .insert: out += "+" + b[op.newIndex!] + "\n"
                }
            }
        }
        return out
    }

    /// The first line (1-based, in `new`'s numbering) where the texts differ, with both versions of it.
    public static func firstDifference(old: String, new: String) -> (line: Int, expected: String?, found: String?)? {
        let a = lines(old), b = lines(new)
        for index in 0..<max(a.count, b.count) {
            let found = index < a.count ? a[index] : nil
            let expected = index < b.count ? b[index] : nil
            if found != expected { return (index + 1, expected, found) }
        }
        return nil
    }

    enum Kind { case equal, delete, insert }

    struct Op {
        var kind: Kind
        var oldIndex: Int?
        var newIndex: Int?
    }

    static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Longest-common-subsequence edit script (generated files and function bodies are small: a few thousand lines
    /// at most).
    static func editScript(_ a: [String], _ b: [String]) -> [Op] {
        let n = a.count, m = b.count
        var lcs = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        if n > 0, m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                ops.append(Op(kind: .equal, oldIndex: i, newIndex: j)); i += 1; j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                // Deletions before insertions, as `diff -u` prints a replaced line: `-old` then `+new`.
                ops.append(Op(kind: .delete, oldIndex: i, newIndex: nil)); i += 1
            } else {
                ops.append(Op(kind: .insert, oldIndex: nil, newIndex: j)); j += 1
            }
        }
        return ops
    }

    static func hunks(_ ops: [Op], context: Int) -> [[Op]] {
        let changed = ops.indices.filter { ops[$0].kind != .equal }
        guard !changed.isEmpty else { return [] }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(ops.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { Array(ops[$0]) }
    }
}
