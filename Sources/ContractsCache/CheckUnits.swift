import ContractsCore
import Foundation

/// The cache one checker at a time: a checker whose stored questions all get the same answers (and whose
/// registry and skipped generated paths are the same) is not run; its stored findings are. Each answer of the
/// tree is computed once per run, whichever checker asks. Safe to call from the checkers' threads.
///
/// Entries are kept by group: a checker's own, with its files' entries when it caches file by file. Each
/// group is loaded when its checker first asks (so on that checker's thread), and written again only when
/// one of its entries changed: one migration edited rewrites the SQL checkers' groups, not the Swift files'.
public final class CheckUnits: CheckerCache, @unchecked Sendable {
    private let base: FileTree
    /// A group's stored entries, or nil when there are none. An entry is trusted only when intact (its
    /// checksum holds), checked when it is asked for.
    private let loadGroup: @Sendable (String) -> [String: CheckCache.Entry]?
    private var groups: [String: [String: CheckCache.Entry]] = [:]
    private let registryAnswer: String
    private let lock = NSLock()
    private var answers: [String: String] = [:]
    private var fresh: [String: [String: CheckCache.Entry]] = [:]
    /// Groups with an entry that is not the stored one (or with none stored).
    private var rewritten: Set<String> = []
    private var observed: [TreeObservation] = []
    private var changed = false
    private var ranNames: [String] = []
    public let memo: ContentMemo?

    /// `answers`: answers the tree already gave this run (`CheckCache.WarmStart`), by question. `loadGroup`:
    /// the entries an earlier run kept for a group.
    init(base: FileTree, registryAnswer: String, memo: ContentMemo? = nil, answers: [String: String] = [:],
         loadGroup: @escaping @Sendable (String) -> [String: CheckCache.Entry]? = { _ in nil }) {
        self.base = base
        self.registryAnswer = registryAnswer
        self.memo = memo
        self.answers = answers
        self.loadGroup = loadGroup
    }

    /// The stored entries of `group`, loaded at the first ask.
    private func stored(_ group: String) -> [String: CheckCache.Entry] {
        lock.lock()
        if let known = groups[group] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let loaded = loadGroup(group) ?? [:]
        lock.lock()
        defer { lock.unlock() }
        if let known = groups[group] { return known }
        groups[group] = loaded
        return loaded
    }

    /// Every answer the tree has given so far, by question.
    var answersGiven: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return answers
    }

    /// The result of `name` (a checker, or one file's share of one), stored or from `body` run on a tree
    /// that records what it reads. `key`: what it depends on besides the registry and what it reads.
    public func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
        try observedRun(name, group: name, key: key, body).value
    }

    public func keep(_ name: String, key: String) -> Bool {
        observedKeep(name, group: name, key: key) != nil
    }

    /// `name`'s stored entry in `group` kept as it is, when it holds (its questions answered alike), with those
    /// questions; nil otherwise. Its value is not decoded.
    private func observedKeep(_ name: String, group: String, key: String) -> [TreeObservation]? {
        let fullKey = registryAnswer + " " + key
        guard let entry = stored(group)[name], entry.key == fullKey, entry.isIntact(name: name),
              let observations = entry.decodedObservations, observations.allSatisfy(holds) else { return nil }
        remember(name, group: group, entry, observations, sawChange: false, stored: true)
        return observations
    }

    /// The same, kept in `group`, with the questions the result depends on.
    private func observedRun<Value: Codable>(_ name: String, group: String, key: String, _ body: (FileTree) throws -> Value) rethrows
        -> (value: Value, observations: [TreeObservation]) {
        let fullKey = registryAnswer + " " + key
        if let entry = stored(group)[name], entry.key == fullKey, entry.isIntact(name: name), let observations = entry.decodedObservations,
           observations.allSatisfy(holds), let value = Self.decode(Value.self, entry.value) {
            remember(name, group: group, entry, observations, sawChange: false, stored: true)
            return (value, observations)
        }
        lock.lock()
        ranNames.append(name)
        lock.unlock()
        let recorder = RecordingTree(base)
        let value = try body(recorder)
        let observations = recorder.observations
        let encoded = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
        remember(name, group: group, CheckCache.Entry(name: name, key: fullKey, observations: observations, value: encoded ?? ""),
                 observations, sawChange: recorder.sawChange || encoded == nil || !CheckCache.Entry.storable(observations), stored: false)
        return (value, observations)
    }

    /// A stored value; no findings (most files' entries) without a `JSONDecoder` of their own. A short value (what
    /// most files' units hold: an empty summary) is decoded once per type and text in the process, not once per file.
    private static func decode<Value: Codable>(_ type: Value.Type, _ json: String) -> Value? {
        if json == "[]", let none = [Finding]() as? Value { return none }
        guard json.utf8.count <= ShortValues.longest else { return try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) }
        let key = ShortValues.Key(type: ObjectIdentifier(Value.self), json: json)
        if let known = ShortValues.shared.value(key) { return known as? Value }
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) else { return nil }
        ShortValues.shared.store(value, key)
        return value
    }

    /// Short stored values decoded so far, by type and text: decoding is a function of both.
    private final class ShortValues: @unchecked Sendable {
        struct Key: Hashable {
            var type: ObjectIdentifier
            var json: String
        }

        static let longest = 128
        /// At most this many are kept (each at most `longest` bytes of text).
        static let capacity = 4_096
        static let shared = ShortValues()
        private let lock = NSLock()
        private var values: [Key: Any] = [:]

        func value(_ key: Key) -> Any? { lock.withLock { values[key] } }

        func store(_ value: Any, _ key: Key) {
            lock.withLock { if values.count < Self.capacity { values[key] = value } }
        }
    }

    /// A checker that caches file by file (`body` asks `run` of the cache it is given), cached whole as well:
    /// its entry records every question its own reads and its files' units asked, so when they all hold, not
    /// one file's entry is decoded; their entries are kept for the next run all the same. When one fails,
    /// `body` runs, and each file's unit answers from its own entry or runs.
    public func runComposite<Value: Codable>(_ name: String, key: String,
                                             _ body: (FileTree, CheckerCache) throws -> Value) rethrows -> Value {
        let fullKey = registryAnswer + " " + key
        let stored = stored(name)
        if let entry = stored[name], entry.key == fullKey, entry.isIntact(name: name), let observations = entry.decodedObservations,
           observations.allSatisfy(holds),
           let composite = try? JSONDecoder().decode(Composite<Value>.self, from: Data(entry.value.utf8)),
           composite.parts.allSatisfy({ stored[$0] != nil }) {
            remember(name, group: name, entry, observations, sawChange: false, stored: true)
            lock.lock()
            for part in composite.parts { fresh[name, default: [:]][part] = stored[part] }
            lock.unlock()
            return composite.value
        }
        lock.lock()
        ranNames.append(name)
        lock.unlock()
        let recorder = RecordingTree(base)
        let parts = PartsCache(units: self, group: name, key: key)
        let value = try body(recorder, parts)
        let (names, partObservations) = parts.collected
        let observations = CheckCache.merge(recorder.observations, partObservations)
        let encoded = (try? JSONEncoder().encode(Composite(parts: names, value: value))).map { String(decoding: $0, as: UTF8.self) }
        remember(name, group: name, CheckCache.Entry(name: name, key: fullKey, observations: observations ?? [], value: encoded ?? ""),
                 observations ?? [],
                 sawChange: recorder.sawChange || observations == nil || encoded == nil || !CheckCache.Entry.storable(observations ?? []),
                 stored: false)
        return value
    }

    /// A composite's stored value: the names of its parts' entries, and its own value.
    private struct Composite<Value: Codable>: Codable {
        var parts: [String]
        var value: Value
    }

    /// The cache a composite's body asks: each unit through `units`, in the composite's group, with the
    /// composite's key added to its own, its name and questions collected.
    private final class PartsCache: CheckerCache, @unchecked Sendable {
        let units: CheckUnits
        let group: String
        let key: String
        private let lock = NSLock()
        private var names: [String] = []
        private var observations: [TreeObservation] = []

        init(units: CheckUnits, group: String, key: String) {
            self.units = units
            self.group = group
            self.key = key
        }

        func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
            let (value, observed) = try units.observedRun(name, group: group, key: self.key + " " + key, body)
            lock.lock()
            names.append(name)
            observations += observed
            lock.unlock()
            return value
        }

        func keep(_ name: String, key: String) -> Bool {
            guard let observed = units.observedKeep(name, group: group, key: self.key + " " + key) else { return false }
            lock.lock()
            names.append(name)
            observations += observed
            lock.unlock()
            return true
        }

        var memo: ContentMemo? { units.memo }

        var collected: (names: [String], observations: [TreeObservation]) {
            lock.lock()
            defer { lock.unlock() }
            return (Set(names).sorted(), observations)
        }
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

    /// `stored`: whether `entry` is the one `group` holds.
    private func remember(_ name: String, group: String, _ entry: CheckCache.Entry, _ observations: [TreeObservation],
                          sawChange: Bool, stored: Bool) {
        lock.lock()
        fresh[group, default: [:]][name] = entry
        if !stored { rewritten.insert(group) }
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

    /// The entries of this run by group, every question the checkers asked, and whether an answer changed
    /// mid-run. A group is listed in `rewritten` when it holds other entries than its stored ones.
    var results: (groups: [String: [String: CheckCache.Entry]], rewritten: Set<String>, observations: [TreeObservation],
                  sawChange: Bool) {
        lock.lock()
        defer { lock.unlock() }
        // A group that kept fewer entries than it had (a file deleted) is written again too.
        let shrunk = fresh.filter { group, entries in groups[group].map { $0.count != entries.count } ?? true }.keys
        return (fresh, rewritten.union(shrunk), observed, changed)
    }
}
