import ContractsCore
import Foundation

/// `migration-edited`: a migration recorded in its folder's migrations.sum no longer has the recorded content.
///
/// Each entry is rechecked against the previous entry's recorded hash, so the finding names the one file that
/// changed rather than every file after it.
enum MigrationEditedRule: DriftRule {
    static let rule = Rule.migrationEdited

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        findings(folder: facts.folder, tree: facts.tree, memo: facts.memo)
    }

    /// With a memo, an entry already found to match (the same previous hash, name, recorded hash and file content, as
    /// the tree fingerprints it: from its stamp, for `check`'s tree) is not read and hashed again; so one migration
    /// edited reads that one. The memo holds, per sum file, the facts found so far: each is true forever.
    static func findings(folder: MigrationFolder, tree: FileTree, memo: ContentMemo? = nil) -> [Finding] {
        let sumPath = path(folder.dir, MigrationSum.fileName)
        guard let text = try? tree.readText(sumPath) else { return [] }
        let rerun = "run `naars-contracts migrations hash` only if the change is intended and no database ran the old file"
        guard let sum = MigrationSum(text: text) else {
            return [Finding(.migrationEdited, "\(sumPath) is not in the `h1:` format; it was edited by hand",
                            at: at(sumPath, 1), registry: folder.location, fix: "regenerate it: \(rerun)",
                            subject: .file(path: sumPath))]
        }
        var out: [Finding] = []
        if !sum.isConsistent {
            out.append(Finding(.migrationEdited, "the first line of \(sumPath) does not match its entries; it was edited by hand or merged badly",
                               at: at(sumPath, 1), registry: folder.location, fix: rerun, subject: .file(path: sumPath)))
        }
        let memoKey = ContentMemo.key(["migrations.sum verified", sumPath])
        let known = Set((memo?.value(for: memoKey, bundled: true)).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? [])
        var matched: [String] = []
        var previous = ""
        for entry in sum.entries {
            defer { previous = entry.hash }
            let filePath = path(folder.dir, entry.name)
            let fact = { (fingerprint: String) in ContentHash.hex(fields: [previous, entry.name, entry.hash, fingerprint]) }
            if memo != nil, let verified = (try? tree.fingerprint(filePath)).map(fact), known.contains(verified) {
                matched.append(verified)
                continue
            }
            guard let content = try? tree.read(filePath) else {
                out.append(Finding(.migrationEdited, "\(entry.name) is recorded in \(sumPath) but is gone; a migration that ran cannot be removed",
                                   at: at(sumPath, entry.line), registry: folder.location,
                                   fix: "restore \(filePath), or \(rerun)", subject: .migrationFile(path: filePath)))
                continue
            }
            if MigrationSum.runningHash(previous: previous, name: entry.name, content: content) == entry.hash {
                // The fact of the bytes just hashed: the file may have changed since it was fingerprinted.
                if memo != nil { matched.append(fact(tree.fingerprint(filePath, of: content))) }
            } else {
                out.append(Finding(.migrationEdited, "\(entry.name) changed after it was recorded in \(sumPath); databases that already ran it will not see the change",
                                   at: at(filePath, 1), registry: folder.location,
                                   fix: "revert the edit and put the change in a new migration (`naars-contracts migrations new`), or \(rerun)",
                                   related: [at(sumPath, entry.line)], subject: .migrationFile(path: filePath)))
            }
        }
        // Stored only when something new matched: what was known stays true (an edited file reverted is known
        // again), until it outgrows the sum a few times over (a sum rewritten again and again).
        if let memo, !matched.allSatisfy(known.contains) {
            let kept = known.count > 4 * sum.entries.count ? Set(matched) : known.union(matched)
            memo.store(Array(kept.sorted().joined(separator: "\n").utf8), for: memoKey, bundled: true)
        }
        return out
    }

    private static func path(_ dir: String, _ name: String) -> String { dir.isEmpty ? name : dir + "/" + name }
    private static func at(_ file: String, _ line: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: 1) }

    /// migrations.sum as `migrations hash` writes it for `001_init.sql` and `002_rides.sql` with these contents.
    private static func sum(_ first: String, _ second: String) -> String {
        MigrationSum(files: [("001_init.sql", Data(first.utf8)), ("002_rides.sql", Data(second.utf8))]).text
    }

    static let triggeringExamples = [
        // 001 was edited after it was recorded; 002, recorded after it, is still intact.
        RuleExample.migrations([], files: [
            "database/001_init.sql": "↓CREATE TABLE rides (id bigint, note text);\n",
            "database/002_rides.sql": "SELECT 1;\n",
            "database/migrations.sum": sum("CREATE TABLE rides (id bigint);\n", "SELECT 1;\n"),
        ]),
        RuleExample.migrations(["001_init.sql"], files: ["database/migrations.sum": "↓001_init.sql abc\n"]),
    ]
    static let nonTriggeringExamples = [
        // A migration added after the last `migrations hash` is not recorded yet.
        RuleExample.migrations(["003_badges.sql"], files: [
            "database/001_init.sql": "CREATE TABLE rides (id bigint);\n",
            "database/002_rides.sql": "SELECT 1;\n",
            "database/migrations.sum": sum("CREATE TABLE rides (id bigint);\n", "SELECT 1;\n"),
        ]),
    ]
}
