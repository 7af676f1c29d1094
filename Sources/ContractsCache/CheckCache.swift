import ContractsCore
import Foundation

/// `check`'s cache, in `<root>/.naars-contracts-cache/` (git-ignored by a `.gitignore` of its own): the raw
/// findings of the last run together with every question that run asked of the tree and a content hash of
/// each answer (`TreeObservation`): every listing, every file read; the registry by the hash of the very
/// bytes the run parsed.
///
/// The checkers are pure functions of the registry and of what they read, so when the same build of the tool
/// asks the same questions and every answer hashes the same, the stored findings are exactly what a full run
/// would find. The same holds per checker (`CheckUnits`): when a file changed, only the checkers that read
/// it run again. The tool is named by its version and a digest of its sources (`toolIdentity`): a rebuild of
/// the same source trusts the cache, any other build trusts nothing stored. In the working tree a file whose
/// stamp (`stat`) has not moved since it was hashed is not read again (`StampIndex`). Reading the cache never fails a check: an
/// unreadable, damaged (its checksum disagrees) or foreign cache is a miss, and a cache that cannot be
/// written is skipped. Several runs at once are safe: each file is replaced whole (`CacheFileStore`), and
/// every entry is judged on its own against the tree, whichever run wrote it.
public struct CheckCache: Sendable {
    public static let folderName = CacheFolder.name
    /// Bumped when the stored format changes (4: findings carry a `subject`).
    static let format = 4

    let file: URL
    /// The tool build and the question asked (`check` of the working tree or of the index).
    let key: String
    /// The first symbolic link at or below the cache folder (its path from the root), found when the cache is
    /// made: a cache with one is not used at all, neither read, written nor pruned (`CacheFolder.firstLink`).
    public let link: String?

    /// `name` tells caches of different trees apart (`check`, `check-staged`); `toolIdentity` names the build
    /// by what it computes (the CLI passes its version and source digest, never the executable's identity).
    public init(root: URL, name: String, toolIdentity: String) {
        file = root.appendingPathComponent(CheckCache.folderName).appendingPathComponent(name + ".json")
        key = "\(CheckCache.format) \(name) \(toolIdentity)"
        link = CacheFolder.firstLink(root: root)
    }

    /// The line `check` prints once on standard error when the cache is not used because of `link`.
    public static func linkWarning(_ link: String) -> String {
        "warning: \(link) is a symbolic link: the check cache is not used (not read, written or pruned); "
            + "remove \(CacheFolder.name) to use it again (it is made anew as a real folder)"
    }

    /// What `compute` finds in `tree`: from the cache when nothing it would read has changed; otherwise
    /// `compute` runs on a recording tree and answers for each checker (or file) through `units`.
    /// `registryBytes`: the bytes the caller's registry was parsed from, part of every key. (Read again from
    /// the tree, an edit made since the caller parsed it would file the old registry's findings under the
    /// new registry's hash, and every later run would trust them.)
    /// `stats`, when given, learns how much work the run did (tests and `NAARS_CACHE_STATS` read it).
    /// `warmStart`: the same cache's first steps, begun earlier on this tree (used only when it is this cache's
    /// and the tree is the one it began on).
    public func findings(in tree: FileTree, registryBytes: Data, stats: CheckCacheStats? = nil, warmStart: WarmStart? = nil,
                         compute: (FileTree, CheckUnits) throws -> [Finding]) throws -> (findings: [Finding], cached: Bool) {
        let registryAnswer = "registry:" + ContentHash.hex(registryBytes)
        guard link == nil else {
            let units = CheckUnits(base: tree, registryAnswer: registryAnswer)
            return (try compute(tree, units), false)
        }
        let wholeKey = key + " " + registryAnswer
        let disk = tree as? DiskTree
        let warm = warmStart.flatMap { $0.file == file && $0.key == self.key && disk?.root == $0.tree.root ? $0 : nil }
        warm?.wait()
        // The working tree is fingerprinted from file stamps where they have not moved; git's trees
        // already name every blob by its hash.
        let stamps = disk.map { _ in warm?.stamps ?? loadStamps() }
        let tree = disk.map { StampedTree(base: $0, index: stamps!) } ?? tree
        let memoFolder = self.memoFolder, memoPath = memoFolder.path + "/", key = self.key
        let memoStore = CacheFileStore(folder: file.deletingLastPathComponent()).writer(into: memoFolder)
        let bundleFile = self.bundleFile
        let memo = ContentMemo(load: { name in
            FileBytes.read(memoPath + name).flatMap { ContentMemoFile.decode($0, key: key) }
        }, save: { name, value in
            memoStore.write(name, ContentMemoFile.encode(value, key: key))
        }, loadBundle: {
            FileBytes.read(bundleFile.path).map { ContentMemoFile.decodeBundle($0, key: key) } ?? [:]
        })
        let unitsFile = self.unitsFile
        let units = CheckUnits(base: tree, registryAnswer: registryAnswer, memo: memo, answers: warm?.answers ?? [:]) { group in
            StoredUnits.load(from: unitsFile(group)).flatMap { $0.key == key ? $0.units : nil }
        }
        defer {
            stats?.filesHashed = stamps?.filesHashed ?? []
            stats?.unitsRun = units.ran
            stats?.memoEntriesStored = memo.storedCount
            // Freeing what the run read (every unit's entry, every answer, the stamps) takes milliseconds: done
            // on another thread, off the report's path, as the SQL checker frees its parse trees.
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime((units, stamps)) {} }
        }
        if let stored = warm.map({ $0.stored }) ?? Stored.load(from: file), stored.key == wholeKey, stored.isIntact,
           let observations = Entry.decode(stored.observations), !observations.isEmpty,
           let findings = try? JSONDecoder().decode([Finding].self, from: Data(stored.findings.utf8)),
           warm?.holds ?? observations.concurrentMap(units.holds).allSatisfy({ $0 }) {
            if let stamps, stamps.needsSaving { store.save(making: [{ (self.stampsFile, stamps.encoded(key: key)) }]) }
            return (findings, true)
        }
        let recorder = RecordingTree(tree)
        let findings = try compute(recorder, units)
        let (groups, rewritten, unitObservations, unitsSawChange) = units.results
        // What readers remembered by content holds whatever else this run saw.
        let (memoKeys, memoChanged) = memo.used
        let whole = recorder.sawChange || unitsSawChange ? nil : CheckCache.merge(recorder.observations, unitObservations)
        let storable = whole.map(Entry.storable) ?? false
        // Each stamp holds on its own (taken before the bytes it vouches for were read), so stamps are kept
        // even from a run whose findings cannot be. The files are made and written side by side, each on its
        // own: a reader judges each by its key (and every entry by its checksum).
        let stampsFile = self.stampsFile, wholeFile = self.file
        store.save(making: [
            { stamps.map { (stampsFile, $0.encoded(key: key)) } },
            { memo.changedBundle.map { (bundleFile, ContentMemoFile.encodeBundle($0, key: key)) } },
        ] + rewritten.sorted().map { group in
            { storable ? (unitsFile(group), StoredUnits(key: key, units: groups[group] ?? [:]).encoded) : nil }
        } + [
            {
                guard storable, let whole, let value = try? JSONEncoder().encode(findings) else { return nil }
                let stored = Stored(key: wholeKey, observations: Entry.encode(whole), findings: String(decoding: value, as: UTF8.self))
                return (wholeFile, stored.encoded)
            },
        ])
        // An entry no run asked for (a migration edited since, or deleted) goes when the memo changed.
        if memoChanged { store.prune(memoFolder, keeping: memoKeys) }
        return (findings, false)
    }

    /// A warm `check`'s first steps on `tree`, begun on another thread as soon as the project's root is known
    /// (`check` begins them while its arguments are still being parsed): the stamps of the last run, the stored
    /// whole-run entry, and whether every question it asked of the tree still gets the same answer. Nothing
    /// here depends on the registry; `findings` judges the entry's key, and hands the answers to the units.
    public final class WarmStart: @unchecked Sendable {
        let file: URL
        let key: String
        let tree: DiskTree
        private let group = DispatchGroup()
        private(set) var stamps: StampIndex?
        private(set) var stored: Stored?
        /// Whether every observation of `stored` holds (false without one).
        private(set) var holds = false
        private(set) var answers: [String: String] = [:]

        public init(cache: CheckCache, tree: DiskTree) {
            file = cache.file
            key = cache.key
            self.tree = tree
            guard cache.link == nil else { return }
            DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
                let stamps = cache.loadStamps()
                let units = CheckUnits(base: StampedTree(base: tree, index: stamps), registryAnswer: "")
                let stored = Stored.load(from: cache.file)
                if let stored, stored.isIntact, let observations = Entry.decode(stored.observations), !observations.isEmpty {
                    holds = observations.concurrentMap(units.holds).allSatisfy { $0 }
                }
                self.stamps = stamps
                self.stored = stored
                answers = units.answersGiven
            }
        }

        /// Returns once the steps are done.
        func wait() { group.wait() }
    }

    /// The stamps of the last run, keyed like everything else.
    private func loadStamps() -> StampIndex {
        guard let data = try? Data(contentsOf: stampsFile) else { return StampIndex() }
        return StampIndex(stored: StampIndex.decode(data, key: key))
    }

    /// Every question once; nil when two answers to one question disagree (a file edited between a checker's
    /// read and another's): the findings then match no single state of the tree.
    static func merge(_ first: [TreeObservation], _ second: [TreeObservation]) -> [TreeObservation]? {
        struct Question: Hashable {
            var kind: TreeObservation.Kind
            var path: String
        }
        var answers: [Question: String] = [:]
        answers.reserveCapacity(first.count + second.count)
        var out: [TreeObservation] = []
        for observation in first + second {
            let question = Question(kind: observation.kind, path: observation.path)
            if let earlier = answers[question] {
                guard earlier == observation.answer else { return nil }
                continue
            }
            answers[question] = observation.answer
            out.append(observation)
        }
        return out
    }

    private var store: CacheFileStore { CacheFileStore(folder: file.deletingLastPathComponent()) }

    /// `<name>.<group>.units`: one group's entries (`CheckUnits`).
    private func unitsFile(_ group: String) -> URL {
        file.deletingPathExtension().appendingPathExtension(group).appendingPathExtension("units")
    }

    /// `<name>.memo/`: what readers made of files, by content (`ContentMemo`), a file per entry named by its key,
    /// so a run after one edit reads the entries it needs and writes one.
    private var memoFolder: URL { file.deletingPathExtension().appendingPathExtension("memo") }

    /// `<name>.memo.bundle`: the memo's entries asked for on every run, in one file (`ContentMemo`).
    private var bundleFile: URL { memoFolder.appendingPathExtension("bundle") }

    /// `<name>.stamps`: each file's stamp and fingerprint (`StampIndex`), as text.
    private var stampsFile: URL { file.deletingPathExtension().appendingPathExtension("stamps") }
}
