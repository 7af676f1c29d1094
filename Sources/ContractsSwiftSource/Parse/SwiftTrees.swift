import ContractsCore
import Foundation
import SwiftParser
import SwiftSyntax

/// The Swift files of one run, each pre-scanned (`SwiftNestingDepth`) and parsed once, whichever readers ask: the
/// Swift checker's passes and its sink rounds, the push-contract summary, the RPC decode reader, the
/// generated-redeclared search.
///
/// Keyed by path and content: a reader that reads other bytes under the same path (an edit between two reads) gets
/// them parsed, never an older tree. Each reader keeps its own byte test of whether it wants a file at all; the store
/// only answers for the files some reader asked about.
///
/// Trees are kept for at most `retainBytes` bytes of source (and as many again for the files read only because they
/// call a sink function): a tree takes many times the bytes of its source. A tree not kept is made again when asked
/// for again, exactly as the first time. The pre-scan's answer is kept for every file asked about.
public final class SwiftTrees: @unchecked Sendable {
    /// One file's bytes, its pre-scan and the parses kept of it.
    private final class Entry: @unchecked Sendable {
        let bytes: Data
        /// Held while the file is pre-scanned or parsed: a second reader waits for the first one's tree.
        let lock = NSLock()
        /// Nil until asked; then the refusal, or `.some(nil)` for a file within the limits.
        var refusal: SwiftNestingDepth.Refusal??
        /// Kept parses, by the nested names they were read with (the tree is the same).
        var files: [Set<String>: ParsedSwiftFile] = [:]
        /// Whether the bytes of this entry count against the callers' budget.
        var caller = false
        var retained = false

        init(bytes: Data) { self.bytes = bytes }
    }

    private let retainBudget: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private(set) var retainedBytes = 0
    private(set) var retainedCallerBytes = 0
    /// What was done, path by path: pre-scans, parses and asks (for the tests that count them).
    private var prescans: [String: Int] = [:]
    private var parses: [String: Int] = [:]
    private var asks: [String: Int] = [:]

    init(retainBytes: Int) { retainBudget = retainBytes }

    // MARK: The run

    private static let scope = RunScope<SwiftTrees>()

    /// The store of the run in progress, if any.
    static var current: SwiftTrees? { scope.current }

    /// Runs `body` with one store shared by every reader that asks during it; a run that starts while another is in
    /// progress shares its store (the keys are the files' contents, so what one run's readers find is what the
    /// other's would). `sources`: how many Swift sources the run reads; above `FileReader.retainLimit` no tree is
    /// kept.
    public static func sharing<T>(sources: Int, _ body: (SwiftTrees) throws -> T) rethrows -> T {
        try scope.sharing(make: {
            SwiftTrees(retainBytes: sources <= SwiftSourceCheck.FileReader.retainLimit ? SwiftSourceCheck.FileReader.retainBytes : 0)
        }, body)
    }

    // MARK: Asking

    /// Why `bytes` (read from `path`) cannot be parsed in bounded time, nil when they can: the pre-scan, once per file.
    func refusal(_ path: String, bytes: Data) -> SwiftNestingDepth.Refusal? {
        let entry = self.entry(path, bytes: bytes)
        entry.lock.lock()
        defer { entry.lock.unlock() }
        return scanned(path, entry)
    }

    /// The file parsed, nil for one the pre-scan refuses. `nestedNames`: as for `ParsedSwiftFile`; `caller`: asked for
    /// only because it calls a sink function (kept under the callers' budget).
    func file(_ path: String, bytes: Data, nestedNames: Set<String> = [], caller: Bool = false) -> ParsedSwiftFile? {
        let entry = self.entry(path, bytes: bytes)
        entry.lock.lock()
        defer { entry.lock.unlock() }
        counted(.ask, path)
        guard scanned(path, entry) == nil else { return nil }
        if let file = entry.files[nestedNames] { return file }
        let text = String(decoding: bytes, as: UTF8.self)
        let file: ParsedSwiftFile
        if let other = entry.files.values.first {
            file = ParsedSwiftFile(path: path, text: text, syntax: other.syntax, nestedNames: nestedNames)
        } else {
            SwiftParseStats.shared?.counted(parse: path)
            counted(.parse, path)
            file = ParsedSwiftFile(path: path, text: text, syntax: Parser.parse(source: text), nestedNames: nestedNames)
        }
        if keep(path, entry, caller: caller) { entry.files[nestedNames] = file }
        return file
    }

    /// The same for a reader that holds the text: its UTF-8 is the key.
    func file(_ path: String, text: String, nestedNames: Set<String> = []) -> ParsedSwiftFile? {
        file(path, bytes: Data(text.utf8), nestedNames: nestedNames)
    }

    /// The file parsed through the run's store, or, outside a run, parsed now (nil for one the pre-scan refuses).
    static func file(_ path: String, text: String) -> ParsedSwiftFile? {
        (current ?? SwiftTrees(retainBytes: 0)).file(path, text: text)
    }

    /// The same, for a reader that holds the bytes.
    static func file(_ path: String, bytes: Data) -> ParsedSwiftFile? {
        (current ?? SwiftTrees(retainBytes: 0)).file(path, bytes: bytes)
    }

    /// The pre-scan of `bytes` through the run's store, or, outside a run, now.
    static func refusal(_ path: String, bytes: Data) -> SwiftNestingDepth.Refusal? {
        (current ?? SwiftTrees(retainBytes: 0)).refusal(path, bytes: bytes)
    }

    // MARK: Counts

    /// A parse of `path` made outside any store (`ParsedSwiftFile(path:text:)`: `init`'s discoveries, or a reader
    /// that went around the store), counted by the run in progress, if any, and by `SwiftParseStats`.
    static func countParse(_ path: String) {
        SwiftParseStats.shared?.counted(parse: path)
        current?.counted(.parse, path)
    }

    /// How many times `path` was pre-scanned, parsed, and asked for parsed.
    public func counts(_ path: String) -> (prescans: Int, parses: Int, asks: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (prescans[path] ?? 0, parses[path] ?? 0, asks[path] ?? 0)
    }

    /// Every path asked about or parsed during the run.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Set(entries.keys).union(parses.keys).sorted()
    }

    // MARK: Inside

    /// The entry of `path` with these bytes: a new one when the bytes changed (the old tree is dropped).
    private func entry(_ path: String, bytes: Data) -> Entry {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[path], entry.bytes == bytes { return entry }
        if let stale = entries.removeValue(forKey: path), stale.retained {
            if stale.caller { retainedCallerBytes -= stale.bytes.count } else { retainedBytes -= stale.bytes.count }
        }
        let entry = Entry(bytes: bytes)
        entries[path] = entry
        return entry
    }

    /// The entry's pre-scan, made on the first ask (the entry's lock is held).
    private func scanned(_ path: String, _ entry: Entry) -> SwiftNestingDepth.Refusal? {
        if let refusal = entry.refusal { return refusal }
        counted(.prescan, path)
        let refusal = SwiftNestingDepth.refusal(in: Array(entry.bytes))
        entry.refusal = .some(refusal)
        return refusal
    }

    /// Whether the entry's trees may be kept: it is kept already, or its bytes fit the budget (and are counted).
    private func keep(_ path: String, _ entry: Entry, caller: Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if entry.retained { return true }
        guard entries[path] === entry, (caller ? retainedCallerBytes : retainedBytes) + entry.bytes.count <= retainBudget
        else { return false }
        entry.retained = true
        entry.caller = caller
        if caller { retainedCallerBytes += entry.bytes.count } else { retainedBytes += entry.bytes.count }
        return true
    }

    private enum Count { case prescan, parse, ask }

    private func counted(_ count: Count, _ path: String) {
        lock.lock()
        defer { lock.unlock() }
        switch count {
        case .prescan: prescans[path, default: 0] += 1
        case .parse: parses[path, default: 0] += 1
        case .ask: asks[path, default: 0] += 1
        }
    }
}
