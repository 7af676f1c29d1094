import ContractsCore
import Foundation

/// `check`'s cache, in `<root>/.naars-contracts-cache/` (git-ignored by a `.gitignore` of its own): the raw
/// findings of the last run together with every question that run asked of the tree and a content hash of
/// each answer (`TreeObservation`): the registry, every listing, every file read.
///
/// The checkers are pure functions of the registry and of what they read, so when the same build of the tool
/// asks the same questions and every answer hashes the same, the stored findings are exactly what a full run
/// would find. The same holds per checker (`CheckUnits`): when a file changed, only the checkers that read
/// it run again. A new build of the tool trusts nothing stored. Reading the cache never fails a check: an
/// unreadable or foreign cache is a miss, and a cache that cannot be written is skipped.
public struct CheckCache: Sendable {
    public static let folderName = CacheFolder.name
    /// Bumped when the stored format changes.
    static let format = 2

    let file: URL
    /// The tool build and the question asked (`check` of the working tree or of the index).
    let key: String

    /// `name` tells caches of different trees apart (`check`, `check-staged`); `toolIdentity` names the build.
    public init(root: URL, name: String, toolIdentity: String) {
        file = root.appendingPathComponent(CheckCache.folderName).appendingPathComponent(name + ".json")
        key = "\(CheckCache.format) \(name) \(toolIdentity)"
    }

    /// A result with the questions that produced it. `key`: what else it depends on (the registry, and for
    /// a checker the generated paths it skips).
    struct Entry: Codable {
        var key: String
        /// One `kind<TAB>answer<TAB>path` line per observation: a few hundred lines decode much faster as
        /// text than as JSON objects.
        var observations: String
        /// The value, as JSON.
        var value: String

        init(key: String, observations: [TreeObservation], value: String) {
            self.key = key
            self.observations = Entry.encode(observations)
            self.value = value
        }

        static func encode(_ observations: [TreeObservation]) -> String {
            observations.map { "\($0.kind.rawValue)\t\($0.answer)\t\($0.path)\n" }.joined()
        }

        /// Nil when a line does not read back (a hand-edited cache): a miss.
        var decodedObservations: [TreeObservation]? { Entry.decode(observations) }

        static func decode(_ observations: String) -> [TreeObservation]? {
            var out: [TreeObservation] = []
            for line in observations.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, let kind = TreeObservation.Kind(rawValue: String(fields[0])) else { return nil }
                out.append(TreeObservation(kind: kind, path: String(fields[2]), answer: String(fields[1])))
            }
            return out
        }

        /// A path or an error with a tab or a newline would not read back.
        static func storable(_ observations: [TreeObservation]) -> Bool {
            observations.allSatisfy { !"\($0.path)\($0.answer)".contains(where: { $0 == "\t" || $0 == "\n" }) }
        }
    }

    /// `<name>.json`: what the next run reads first; a hit needs nothing else.
    struct Stored: Codable {
        var key: String
        var observations: String
        var findings: [Finding]
    }

    /// `<name>.units.json`: every checker's and every file's entry, read only when something changed.
    struct StoredUnits: Codable {
        var key: String
        var units: [String: Entry]
    }

    /// What `compute` finds in `tree`: from the cache when nothing it would read has changed; otherwise
    /// `compute` runs on a recording tree and answers for each checker (or file) through `units`.
    /// `registryFile`: the registry's path in `tree`, part of every key.
    public func findings(in tree: FileTree, registryFile: String,
                         compute: (FileTree, CheckUnits) throws -> [Finding]) throws -> (findings: [Finding], cached: Bool) {
        let units = CheckUnits(base: tree, registryAnswer: TreeObservation.answer(.read, registryFile, in: tree))
        let stored = load(Stored.self, from: file)
        if let stored, let observations = Entry.decode(stored.observations), !observations.isEmpty,
           observations.concurrentMap(units.holds).allSatisfy({ $0 }) {
            return (stored.findings, true)
        }
        units.stored = load(StoredUnits.self, from: unitsFile)?.units ?? [:]
        let recorder = RecordingTree(tree)
        _ = try? recorder.read(registryFile)
        let findings = try compute(recorder, units)
        let (fresh, unitObservations, unitsSawChange) = units.results
        var seen = Set<String>()
        let whole = (recorder.observations + unitObservations).filter { seen.insert("\($0.kind):\($0.path)").inserted }
        if !recorder.sawChange, !unitsSawChange, Entry.storable(whole) {
            save([(unitsFile, StoredUnits(key: key, units: fresh)),
                  (file, Stored(key: key, observations: Entry.encode(whole), findings: findings))])
        }
        return (findings, false)
    }

    private var unitsFile: URL { file.deletingPathExtension().appendingPathExtension("units.json") }

    private func load<T: Decodable & KeyedStore>(_ type: T.Type, from url: URL) -> T? {
        guard let data = try? Data(contentsOf: url), let stored = try? JSONDecoder().decode(T.self, from: data),
              stored.key == key else { return nil }
        return stored
    }

    /// Best effort and atomic (each file): a read-only checkout simply runs uncached next time.
    private func save(_ files: [(URL, Encodable)]) {
        let folder = file.deletingLastPathComponent()
        let manager = FileManager.default
        // A cache folder that is a link out of the project (or into .git) is never written through.
        guard (try? ProjectWriteTarget.check(folder.lastPathComponent + "/" + file.lastPathComponent,
                                             root: folder.deletingLastPathComponent())) != nil else { return }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let ignore = folder.appendingPathComponent(".gitignore")
            if !manager.fileExists(atPath: ignore.path) {
                try Data("# Written by naars-contracts check: a cache, never committed.\n*\n".utf8).write(to: ignore, options: .atomic)
            }
            for (url, value) in files {
                try JSONEncoder().encode(value).write(to: url, options: .atomic)
            }
        } catch {
            return
        }
    }

    /// The running executable's path, size and modification time: a rebuilt tool never trusts an older
    /// build's findings.
    public static func currentToolIdentity() -> String {
        guard let url = Bundle.main.executableURL?.resolvingSymlinksInPath(),
              let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            return "unknown-\(UUID().uuidString)"
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(url.path) \(size) \(modified)"
    }
}

protocol KeyedStore { var key: String { get } }
extension CheckCache.Stored: KeyedStore {}
extension CheckCache.StoredUnits: KeyedStore {}

/// The cache one checker at a time: a checker whose stored questions all get the same answers (and whose
/// registry and skipped generated paths are the same) is not run; its stored findings are. Each answer of the
/// tree is computed once per run, whichever checker asks. Safe to call from the checkers' threads.
public final class CheckUnits: CheckerCache, @unchecked Sendable {
    private let base: FileTree
    /// Set before the checkers run, read-only while they do.
    var stored: [String: CheckCache.Entry] = [:]
    private let registryAnswer: String
    private let lock = NSLock()
    private var answers: [String: String] = [:]
    private var fresh: [String: CheckCache.Entry] = [:]
    private var observed: [TreeObservation] = []
    private var changed = false

    init(base: FileTree, registryAnswer: String) {
        self.base = base
        self.registryAnswer = registryAnswer
    }

    /// The result of `name` (a checker, or one file's share of one), stored or from `body` run on a tree
    /// that records what it reads. `key`: what it depends on besides the registry and what it reads.
    public func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
        let fullKey = registryAnswer + " " + key
        if let entry = stored[name], entry.key == fullKey, let observations = entry.decodedObservations,
           observations.allSatisfy(holds), let value = try? JSONDecoder().decode(Value.self, from: Data(entry.value.utf8)) {
            remember(name, entry, observations, sawChange: false)
            return value
        }
        let recorder = RecordingTree(base)
        let value = try body(recorder)
        let observations = recorder.observations
        let encoded = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
        remember(name, CheckCache.Entry(key: fullKey, observations: observations, value: encoded ?? ""), observations,
                 sawChange: recorder.sawChange || encoded == nil || !CheckCache.Entry.storable(observations))
        return value
    }

    /// Whether `observation` still holds in the tree (each question asked of the tree at most once).
    func holds(_ observation: TreeObservation) -> Bool {
        let question = "\(observation.kind.rawValue):\(observation.path)"
        lock.lock()
        let known = answers[question]
        lock.unlock()
        if let known { return known == observation.answer }
        let answer = TreeObservation.answer(observation.kind, observation.path, in: base)
        lock.lock()
        answers[question] = answer
        lock.unlock()
        return answer == observation.answer
    }

    private func remember(_ name: String, _ entry: CheckCache.Entry, _ observations: [TreeObservation], sawChange: Bool) {
        lock.lock()
        fresh[name] = entry
        observed += observations
        changed = changed || sawChange
        lock.unlock()
    }

    /// The entries of this run, every question the checkers asked, and whether an answer changed mid-run.
    var results: (entries: [String: CheckCache.Entry], observations: [TreeObservation], sawChange: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (fresh, observed, changed)
    }
}
