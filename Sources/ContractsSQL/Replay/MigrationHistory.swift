import ContractsCore
import ContractsMigrations
import Foundation

/// Every configured migration in replay order: what each yields for the SQL rules (`facts`), and its parse
/// (`migrations`), which only the live-database rules and `init`'s discovery read.
struct MigrationHistory: Sendable {
    /// What each migration yields for the registry's rules, in replay order (empty for a history built from
    /// parses alone, which only the tree readers use).
    var facts: [MigrationFacts]
    private let trees: ParsedTrees
    /// Whether every migration's facts are in the memo, or were read from the bytes its fingerprint names (only
    /// then may what they add up to be remembered).
    private(set) var fingerprinted = false
    /// The memo keys of the migrations' schema statements (`MemoEntry.schemaKey`), when read with a memo: a later
    /// read of the same run (`previous`) takes the statements of a migration whose key is the same from these facts.
    private var schemaKeys: [String]?

    /// Every migration parsed, in replay order. A history whose facts came from the memo decodes (or parses) the
    /// trees the first time they are asked for.
    var migrations: [ParsedMigration] { trees.all }

    /// The parse of migration `index` (in replay order), made only if it is not kept.
    func migration(at index: Int) -> ParsedMigration { trees.tree(index) }

    /// The text of migration `index`, without making its tree.
    func text(at index: Int) -> String { trees.text(index) }

    /// How many migrations the history holds.
    var count: Int { trees.count }

    /// How many trees were decoded or parsed again after loading (tests: the SQL rules ask for none).
    var treesRemade: Int { trees.remade }

    /// Parses the migrations' facts for `reader` (nil: no facts, for the tree readers only).
    init(migrations: [ParsedMigration], reader: FactsReader? = nil) {
        facts = reader.map { reader in migrations.map { MigrationFacts($0, reader) } } ?? []
        trees = ParsedTrees(migrations.map { $0 }, load: { _ in preconditionFailure("every tree is kept") },
                            text: { _ in preconditionFailure("every tree is kept") })
    }

    private init(facts: [MigrationFacts], trees: ParsedTrees) {
        self.facts = facts
        self.trees = trees
    }

    /// Reads and parses the registry's migration folders (folders in registry order, files by number).
    /// Files are read in order and parsed on every core (libpg_query keeps its state per thread).
    /// Bodies that cannot matter to the registry's rules are only checked for syntax (`BodyRelevance`);
    /// tests pass `.all` to compare.
    ///
    /// With a memo, each migration is remembered by everything its facts and tree depend on (its content as the
    /// tree fingerprints it, which the check cache's tree knows from the file's stamp without reading it): its
    /// facts, then its tree. A migration remembered is not read: it is served its facts alone, and its text and
    /// tree are read only if its tree is asked for.
    ///
    /// `sinks`: the functions whose literal arguments are read (`SQLSinks`). `previous`: the history read before
    /// them; a migration not in the memo whose text names none of `sinks` the previous read did not have takes its
    /// facts from there instead of being parsed again, and one that names one but whose previous parse read every
    /// statement and body naming one (`ParsedMigration.unread`) is read again from its previous tree, unparsed.
    ///
    /// `shortcuts` (tests: false, to compare): that reuse of previous trees, and the body of a function definition
    /// that a later one replaces only checked for syntax (`SupersededFunctions`), which the memo may keep too: a
    /// migration whose skipped body nothing replaces any more (a later migration edited) is parsed again in full, so
    /// every fact any rule reads is the full parse's.
    static func load(_ context: CheckContext, relevance: BodyRelevance? = nil, sinks: SQLSinks = SQLSinks(),
                     previous: (history: MigrationHistory, sinks: SQLSinks)? = nil, shortcuts: Bool = true,
                     retainBytes: Int = MigrationHistory.retainBytes) throws -> MigrationHistory {
        let files = try MigrationCatalog.replayOrder(context.registry, tree: context.tree)
        let relevance = (relevance ?? BodyRelevance(context.registry)).adding(sinks.names)
        let reader = FactsReader(context.registry, sinks: sinks)
        let changed = previous.map { sinks.changed(since: $0.sinks) } ?? []
        let added = previous.map { _ in ByteNeedles(changed) }
        // A declared emitter found to be a sink at its own position (`create_notification`, argument 2): a positional
        // call of it reads the same either way (`TypeLiteralReader` reads the emitter's position once), so a migration
        // is read again for it only when it may pass a named argument (`p_type => 'x'`, `p_type := 'x'`).
        let atEmitter = Set(changed.filter { name in
            guard let previous, let emitter = reader.emitters[name] else { return false }
            let now = Set(sinks.arguments[name] ?? []), before = Set(previous.sinks.arguments[name] ?? [])
            return before.isSubset(of: now)
                && now.subtracting(before).allSatisfy { $0.position == emitter.position && $0.target == emitter.target }
        })
        let positional = ByteNeedles(changed.filter { !atEmitter.contains($0) }), named = ByteNeedles(atEmitter.sorted())
        let namedNotation = ByteNeedles(["=>", ":="])
        // A previous tree serves only a read whose needles include all of its own.
        let grown = shortcuts && previous.map { Set($0.sinks.names).isSubset(of: sinks.names) } ?? false
        if previous == nil { CheckProgress.shared.expect(files.count) }
        // A parse is remembered by everything it depends on; not while tests reshape libpg_query's trees.
        let memo = PgQuery.reshapeTree == nil ? context.memo : nil
        let fingerprints = try memo.map { _ in try files.map { try context.tree.fingerprint($0.path) } }
        let keys = fingerprints.map { fingerprints in
            zip(files, fingerprints).map { file, fingerprint in
                ContentMemo.key(["sql", ParsedMigrationCodec.version, PgQuery.majorVersion, relevance.key, reader.key,
                                 file.path, file.folder.dir, fingerprint])
            }
        }
        // Facts and tree are kept apart: most runs read the facts alone (every migration's, from the memo's bundle).
        // A tree whose facts were read is kept too. The schema statements, which depend on the text alone, are an
        // entry of their own, which every read of the run shares (one copy in the bundle, decoded once).
        let treeKeys = keys.map { $0.map { ContentMemo.key(["sql tree", $0]) } }
        let schemaKeys = fingerprints.map { fingerprints in zip(files, fingerprints).map { MemoEntry.schemaKey($0.0, $0.1) } }
        let sharedSchema = { (index: Int) -> [SchemaStatement]? in
            guard let schemaKeys, let previous, let before = previous.history.schemaKeys, index < before.count,
                  before[index] == schemaKeys[index] else { return nil }
            return previous.history.facts[index].schema
        }
        let stored = keys.map { keys in
            Array(files.indices).concurrentMap { index -> MigrationFacts? in
                guard var facts = memo?.value(for: keys[index], bundled: true).flatMap(MemoEntry.facts),
                      let schema = sharedSchema(index) ?? memo?.value(for: schemaKeys![index], bundled: true).flatMap(MemoEntry.schema)
                else { return nil }
                facts.schema = schema
                memo?.keep(treeKeys![index])
                return facts
            }
        } ?? Array(repeating: nil, count: files.count)
        /// Remembers migration `index`'s facts (and its schema statements, unless a read before this one in the run did).
        func remember(_ facts: MigrationFacts, _ index: Int) {
            guard let memo, let keys, let schemaKeys else { return }
            memo.store(MemoEntry.encode(facts), for: keys[index], bundled: true)
            if sharedSchema(index) == nil { memo.store(MemoEntry.encode(facts.schema), for: schemaKeys[index], bundled: true) }
        }
        // Read in order (the first file that cannot be read is the error), parsed on every core. A parse is
        // remembered only under the key of the bytes parsed: a file edited since its fingerprint was taken has
        // another key (the recording tree has seen the change, and the run's findings are not cached). Without a
        // memo nothing is hashed for this.
        var texts: [String?] = [], rememberable: [Bool] = []
        for (index, (file, hit)) in zip(files, stored).enumerated() {
            let bytes = hit == nil ? try context.tree.read(file.path) : nil
            texts.append(bytes.map { String(decoding: $0, as: UTF8.self) })
            rememberable.append(fingerprints.flatMap { known in bytes.map { context.tree.fingerprint(file.path, of: $0) == known[index] } } ?? false)
        }
        // Which definitions later ones replace: the remembered migrations' from their facts, the others' from their text.
        let superseded = shortcuts ? SupersededFunctions.superseded(Array(files.indices).concurrentMap { index -> [String] in
            if let facts = stored[index] { return facts.functions.map(\.name) }
            var text = texts[index]!
            return text.withUTF8 { SupersededFunctions.definitions(in: $0) }
        }) : Array(repeating: [:], count: files.count)
        let parse = { (index: Int, text: String) -> ParsedMigration in
            MigrationParser.parse(text: text, path: files[index].path, folder: files[index].folder.dir, relevance: relevance,
                                  superseded: superseded[index])
        }
        let parseWhole = { (index: Int, text: String) -> ParsedMigration in
            MigrationParser.parse(text: text, path: files[index].path, folder: files[index].folder.dir, relevance: relevance)
        }
        // Trees are kept for at most `retainBytes` of migration text; the others are made again if a rule asks.
        let budget = TreeBudget(retainBytes)
        func readMigration(_ index: Int) -> (facts: MigrationFacts, tree: ParsedMigration?) {
            if let facts = stored[index] { return (facts, nil) }
            if let previous, let added, index < previous.history.facts.count,
               let lowered = Optional(BodyRelevance.lowercasedASCII(Array(texts[index]!.utf8))) {
                if !lowered.withUnsafeBytes({ positional.anyOccurs(in: $0) || named.anyOccurs(in: $0) && namedNotation.anyOccurs(in: $0) }) {
                    // Nothing in it calls a function found since: its facts and tree are the previous read's (a tree
                    // kept goes on being kept: a read whose needles include all of the previous one's parses the same
                    // tree from a text that holds none of the new ones, and freeing it only to parse it again later
                    // cost a cold run at 10x a tenth of its SQL side).
                    let facts = previous.history.facts[index], tree = grown ? previous.history.trees.kept(index) : nil
                    if rememberable[index] { remember(facts, index) }
                    return (facts, tree)
                }
                if grown, let tree = previous.history.trees.kept(index), let unread = tree.unread,
                   !unread.contains(where: { span in
                       lowered.withUnsafeBytes { added.anyOccurs(in: UnsafeRawBufferPointer(rebasing: $0[span.clamped(to: 0 ..< $0.count)])) }
                   }) {
                    // It calls one, but every statement and body naming one was read: the previous tree is the one
                    // this read would parse (more needles keep more only where one occurs), read with the new sinks.
                    let facts = MigrationFacts(tree, reader)
                    if let memo, let treeKeys, rememberable[index] {
                        remember(facts, index)
                        memo.store(ParsedMigrationCodec.encode(tree), for: treeKeys[index])
                    }
                    return (facts, tree)
                }
            }
            let tree = parse(index, texts[index]!)
            let facts = MigrationFacts(tree, reader)
            if let memo, let treeKeys, rememberable[index] {
                remember(facts, index)
                memo.store(ParsedMigrationCodec.encode(tree), for: treeKeys[index])
            }
            return (facts, tree)
        }
        var parsed = Array(files.indices).concurrentMap { index -> (facts: MigrationFacts, tree: ParsedMigration?) in
            defer { if previous == nil { CheckProgress.shared.finish() } }
            let read = readMigration(index)
            return (read.facts, read.tree.flatMap { budget.admit($0.source.utf8.count) ? $0 : nil })
        }
        // A skipped body that nothing replaces after all (the scan misread a statement, or a remembered migration's
        // replacement was edited away): that migration parsed again in full, and remembered so.
        let unsound = SupersededFunctions.unsound(parsed.map(\.facts))
        if !unsound.isEmpty {
            let again = unsound.concurrentMap { index -> (facts: MigrationFacts, tree: ParsedMigration, rememberable: Bool) in
                let bytes = texts[index].map { Data($0.utf8) } ?? ((try? context.tree.read(files[index].path)) ?? Data())
                let tree = parseWhole(index, String(decoding: bytes, as: UTF8.self))
                return (MigrationFacts(tree, reader), tree, fingerprints.map { context.tree.fingerprint(files[index].path, of: bytes) == $0[index] } ?? false)
            }
            for (index, whole) in zip(unsound, again) {
                parsed[index] = (whole.facts, budget.admit(whole.tree.source.utf8.count) ? whole.tree : nil)
                rememberable[index] = whole.rememberable
                if let memo, let treeKeys, whole.rememberable {
                    remember(whole.facts, index)
                    memo.store(ParsedMigrationCodec.encode(whole.tree), for: treeKeys[index])
                }
            }
        }
        let tree = context.tree, wholes = Set(unsound)
        let readBytes = { @Sendable (index: Int) -> Data in (try? tree.read(files[index].path)) ?? Data() }
        let trees = ParsedTrees(parsed.map(\.tree), load: { index in
            // A remembered migration's tree, or one over the budget: its text and memo entry are read now, and the
            // remembered tree used only if the text is still the one remembered (else the recording tree has seen
            // the change, and the run's findings are not cached). Parsed again, it is parsed as a load parses it:
            // with the replaced bodies only checked for syntax, unless a skipped body turned out unsound (whole).
            let file = files[index], bytes = readBytes(index)
            let text = String(decoding: bytes, as: UTF8.self)
            if tree.fingerprint(file.path, of: bytes) == fingerprints?[index], let key = treeKeys?[index], let entry = memo?.value(for: key),
               let decoded = ParsedMigrationCodec.decode(entry, source: SQLSource(path: file.path, text: text), folder: file.folder.dir) {
                return decoded
            }
            return wholes.contains(index) ? parseWhole(index, text) : parse(index, text)
        }, text: { String(decoding: readBytes($0), as: UTF8.self) })
        var history = MigrationHistory(facts: parsed.map(\.facts), trees: trees)
        history.schemaKeys = schemaKeys
        history.fingerprinted = memo != nil && stored.indices.allSatisfy { (stored[$0] != nil && !unsound.contains($0)) || rememberable[$0] }
        return history
    }

    /// How many bytes of migration text, in all, keep their trees after a load (`MigrationHistory.load`): at 100x the
    /// bench tree's size (17,000 migrations, 140 MB) every tree kept took 3 GB.
    static let retainBytes = 32 << 20

    /// The memo key of the sinks the migrations' reads end with (`SQLAnalysis.load`): every migration's fingerprint
    /// and the registry's reader; nil without a memo.
    static func sinksKey(_ context: CheckContext, relevance: BodyRelevance?) throws -> String? {
        guard context.memo != nil, PgQuery.reshapeTree == nil else { return nil }
        let files = try MigrationCatalog.replayOrder(context.registry, tree: context.tree)
        let relevance = relevance ?? BodyRelevance(context.registry)
        return ContentMemo.key(["sql sinks", ParsedMigrationCodec.version, PgQuery.majorVersion, relevance.key, FactsReader(context.registry).key]
            + (try files.flatMap { [$0.path, $0.folder.dir, try context.tree.fingerprint($0.path)] }))
    }

    /// Constraint events on `target`, in replay order, read from the trees (for a target other than the registry's).
    func constraintEvents(for target: SQLConstraintTarget) -> [ConstraintEvent] {
        let column = TargetColumn(target)
        return migrations.flatMap { $0.constraintEvents(on: column, constraintName: target.constraintName) }
    }

    /// ENUM-type events and the target column's type changes, in replay order, read from the trees.
    func enumEvents(for target: SQLConstraintTarget) -> [EnumEvent] {
        let column = TargetColumn(target)
        return migrations.flatMap { $0.enumEvents(on: column) }
    }

    /// The memo's facts entry for one migration, without its schema statements: those are an entry of their own
    /// (`schemaKey`), as is its tree (`ParsedMigrationCodec`).
    private enum MemoEntry {
        static func encode(_ facts: MigrationFacts) -> [UInt8] {
            var out = ByteWriter()
            var facts = facts
            facts.schema = []
            MigrationFactsCodec.encode(facts, into: &out)
            return out.bytes
        }

        /// The key of a migration's schema statements: its content alone (they do not depend on the registry).
        static func schemaKey(_ file: MigrationFile, _ fingerprint: String) -> String {
            ContentMemo.key(["sql schema", ParsedMigrationCodec.version, PgQuery.majorVersion, file.path, file.folder.dir, fingerprint])
        }

        static func encode(_ schema: [SchemaStatement]) -> [UInt8] {
            var out = ByteWriter()
            out.list(schema) { $0.schemaStatement($1) }
            return out.bytes
        }

        static func schema(_ bytes: [UInt8]) -> [SchemaStatement]? {
            bytes.withUnsafeBufferPointer { buffer in
                var input = ByteReader(bytes: buffer)
                guard let schema = try? input.list({ try $0.schemaStatement() }), input.atEnd else { return nil }
                return schema
            }
        }

        static func facts(_ bytes: [UInt8]) -> MigrationFacts? {
            bytes.withUnsafeBufferPointer { buffer in
                var input = ByteReader(bytes: buffer)
                guard let facts = try? MigrationFactsCodec.decode(&input), input.atEnd else { return nil }
                return facts
            }
        }
    }
}

extension ParsedMigration {
    /// The constraint events its statements make on `column`, in order.
    func constraintEvents(on column: TargetColumn, constraintName: String) -> [ConstraintEvent] {
        statements.flatMap {
            ConstraintEventReader.events(in: $0, target: column, constraintName: constraintName, source: source, folder: folder)
        }
    }

    /// The ENUM-type events and `column`'s type changes its statements make, in order.
    func enumEvents(on column: TargetColumn) -> [EnumEvent] {
        statements.flatMap { EnumEventReader.events(in: $0, target: column, source: source, folder: folder) }
    }
}

/// Admits trees while the bytes of text they were parsed from fit (`MigrationHistory.retainBytes`).
final class TreeBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    init(_ bytes: Int) { left = bytes }

    func admit(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes <= left else { return false }
            left -= bytes
            return true
        }
    }
}

/// The parsed migrations of a history, each kept from its parse or made again the first time it is asked for.
final class ParsedTrees: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [ParsedMigration?]
    private let load: @Sendable (Int) -> ParsedMigration
    private let readText: @Sendable (Int) -> String

    /// `load`: makes the tree of a migration not kept; `text`: its text, without making its tree.
    init(_ slots: [ParsedMigration?], load: @escaping @Sendable (Int) -> ParsedMigration,
         text: @escaping @Sendable (Int) -> String) {
        self.slots = slots
        self.load = load
        self.readText = text
    }

    private var made = 0

    var count: Int { slots.count }

    /// The tree of migration `index` if it is kept (made by the parse that read it, or asked for since), without
    /// making it.
    func kept(_ index: Int) -> ParsedMigration? {
        lock.withLock { slots[index] }
    }

    /// How many trees had to be made again (tests: a run served from the memo makes none until one is asked for).
    var remade: Int { lock.withLock { made } }

    /// The tree of migration `index`, made (and kept) if it is not kept.
    func tree(_ index: Int) -> ParsedMigration {
        if let tree = kept(index) { return tree }
        let tree = load(index)
        return lock.withLock {
            if let raced = slots[index] { return raced }
            slots[index] = tree
            made += 1
            return tree
        }
    }

    /// The text of migration `index`: its kept tree's, or read again (its tree is not made).
    func text(_ index: Int) -> String {
        kept(index)?.source.text ?? readText(index)
    }

    var all: [ParsedMigration] {
        lock.withLock {
            let missing = slots.indices.filter { slots[$0] == nil }
            if !missing.isEmpty {
                let trees = missing.concurrentMap { load($0) }
                for (index, tree) in zip(missing, trees) { slots[index] = tree }
                made += missing.count
            }
            return slots.compactMap { $0 }
        }
    }
}
