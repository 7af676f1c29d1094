import ContractsCore
import Foundation

/// The cache one checker at a time: a checker whose stored questions all get the same answers (and whose
/// registry and skipped generated paths are the same) is not run; its stored findings are. Each answer of the
/// tree is computed once per run, whichever checker asks. Safe to call from the checkers' threads.
public final class CheckUnits: CheckerCache, @unchecked Sendable {
    private let base: FileTree
    /// Set before the checkers run, read-only while they do. An entry is trusted only when intact (its
    /// checksum holds), checked when it is asked for.
    var stored: [String: CheckCache.Entry] = [:]
    private let registryAnswer: String
    private let lock = NSLock()
    private var answers: [String: String] = [:]
    private var fresh: [String: CheckCache.Entry] = [:]
    private var observed: [TreeObservation] = []
    private var changed = false
    private var ranNames: [String] = []
    public let memo: ContentMemo?

    init(base: FileTree, registryAnswer: String, memo: ContentMemo? = nil) {
        self.base = base
        self.registryAnswer = registryAnswer
        self.memo = memo
    }

    /// The result of `name` (a checker, or one file's share of one), stored or from `body` run on a tree
    /// that records what it reads. `key`: what it depends on besides the registry and what it reads.
    public func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
        let fullKey = registryAnswer + " " + key
        if let entry = stored[name], entry.key == fullKey, entry.isIntact(name: name), let observations = entry.decodedObservations,
           observations.allSatisfy(holds), let value = try? JSONDecoder().decode(Value.self, from: Data(entry.value.utf8)) {
            remember(name, entry, observations, sawChange: false)
            return value
        }
        lock.lock()
        ranNames.append(name)
        lock.unlock()
        let recorder = RecordingTree(base)
        let value = try body(recorder)
        let observations = recorder.observations
        let encoded = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
        remember(name, CheckCache.Entry(name: name, key: fullKey, observations: observations, value: encoded ?? ""), observations,
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

    /// The names of the units that ran rather than being answered from the cache, sorted.
    var ran: [String] {
        lock.lock()
        defer { lock.unlock() }
        return ranNames.sorted()
    }

    /// The entries of this run, every question the checkers asked, and whether an answer changed mid-run.
    var results: (entries: [String: CheckCache.Entry], observations: [TreeObservation], sawChange: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (fresh, observed, changed)
    }
}
