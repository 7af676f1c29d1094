import ContractsCore
import Foundation

/// Drift between the registry and hand-written Swift, read with swift-syntax (never with patterns).
///
/// Rules: `swift-enum-drift` and `swift-unknown-literal` (each over every enum), `swift-attribute-drift`, `swift-deeplink-drift`, the Swift side of `payload-shape-drift`, and `source-nul-byte`. A type the registry names but the sources do not declare yields no
/// finding: the app may use the generated one.
public enum SwiftSourceCheck {
    /// The rules run over parsed files, one unit each (two answer `swift-deeplink-drift`).
    static let units: [any SwiftFactRule.Type] = [
        EnumDriftRule.self, AttributeDriftRule.self, DeepLinkDriftRule.self, UserInfoKeyRule.self,
        UnknownLiteralRule.self, PayloadShapeRule.self,
    ]

    /// Every unit of this checker, for the rule catalog and the examples test: the rules over parsed files,
    /// and the two over a file's bytes (run before parsing).
    public static var ruleUnits: [any DriftRule.Type] {
        units.map { $0 as any DriftRule.Type } + [NulByte.self, SourceTooDeepRule.self]
    }

    /// Whether the pre-filter lets a file with these bytes be parsed (it mentions a needle some rule declares).
    public static func prefilterAdmits(_ bytes: Data, registry: Registry) -> Bool {
        SourceNeedles(registry: registry).matches(bytes)
    }

    /// The rules this checker reports, each once, in the order of its units.
    public static var rules: [Rule] {
        var seen = Set<String>()
        return ruleUnits.flatMap { [$0.rule] + $0.narrowerRules }.filter { seen.insert($0.id).inserted }
    }

    /// Every finding in the context's Swift sources, sorted for reporting.
    ///
    /// Files that mention none of the registry's Swift names are not parsed; the others are parsed on every
    /// core. Each file's results go through `cache` (`check` keeps them between runs): first the types it
    /// declares, then, given the types the whole project declares, its findings; so an edited file is the
    /// only one parsed again, unless it changed the project's declared types.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        try findings(in: context, cache: cache, retainLimit: FileReader.retainLimit, retainBytes: FileReader.retainBytes)
    }

    /// `retainLimit`: how many sources may keep their syntax trees between the two passes (tests set 0);
    /// `retainBytes`: how many bytes of source, in all, may keep theirs; `needles`: the pre-filter (tests parse
    /// every file with `SourceNeedles.everyFile`, to compare).
    static func findings(in context: CheckContext, cache: CheckerCache?, retainLimit: Int,
                         retainBytes: Int = FileReader.retainBytes, needles: SourceNeedles? = nil) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let registry = context.registry
        let paths = try context.swiftSources()
        let reader = FileReader(needles: needles ?? SourceNeedles(registry: registry), nestedNames: SwiftSharedEnums(registry).nestedNames,
                                retainBytes: paths.count <= retainLimit ? retainBytes : 0)
        let (projectTypes, sinks) = try firstPass(paths, reader: reader, registry: registry, cache: cache)
        let key = projectTypes.fingerprint + " " + sinks.fingerprint
        let callers = ByteNeedles(sinks.names)
        CheckProgress.shared.expect(paths.count)
        let stats = SwiftParseStats.shared
        stats?.counted(sources: paths.count)
        return try paths.concurrentMap { path in
            defer { CheckProgress.shared.finish() }
            return Result {
                try cache.run("swift:" + path, key: key) { tree in
                    let bytes = try tree.read(path)
                    let nul = NulByte.findings(SourceBytes(bytes, file: path, language: "Swift"))
                    // The pre-filter once: most files stop here (a file that calls a sink function is read too).
                    guard reader.needles.matches(bytes) || callers.anyOccurs(in: bytes) else { return nul }
                    if let tooDeep = reader.tooDeep(path, bytes: bytes, admitted: true) { return nul + [tooDeep] }
                    guard let file = reader.parse(path, bytes: bytes, admitted: true) else { return nul }
                    let found = findings(in: [file], registry: registry, projectTypes: projectTypes, sinks: sinks)
                    if let stats, SwiftParseStats.yieldsFacts(file, findings: found, registry: registry, projectTypes: projectTypes,
                                                              sinks: sinks) {
                        stats.counted(facts: path)
                    }
                    return nul + found
                }
            }
        }.flatMap { try $0.get() }.sortedForReport()
    }

    /// The push key a `swift-deeplink-drift` finding says the server never sends, nil for any other finding: a join
    /// that knows what the server's pushes do send (SQL push builders: `ServerPushKeys` in ContractsCheck) drops
    /// the findings about keys it does send.
    public static func unsentPushKey(of finding: Finding, registry: Registry) -> String? {
        UserInfoKeyRule.unsentKey(of: finding, registry: registry)
    }

    /// The literals `swift-unknown-literal` reports in the context's Swift sources (the same files, read the same
    /// way, as `findings(in:)`), as facts: `generate` reads the values a first CHECK constraint would reject.
    public static func unknownTypeLiterals(in context: CheckContext) throws -> [UnknownTypeLiteral] {
        let registry = context.registry
        let paths = try context.swiftSources()
        let reader = FileReader(registry: registry, retainBytes: paths.count <= FileReader.retainLimit ? FileReader.retainBytes : 0)
        let (projectTypes, sinks) = try firstPass(paths, reader: reader, registry: registry, cache: NoCheckerCache(context.tree))
        let callers = ByteNeedles(sinks.names)
        return try paths.concurrentMap { path in
            Result { () -> [UnknownTypeLiteral] in
                let bytes = try context.tree.read(path)
                guard reader.tooDeep(path, bytes: bytes, callers: callers) == nil,
                      let file = reader.parse(path, bytes: bytes, callers: callers) else { return [] }
                return UnknownLiteralRule.literals(in: [file], registry: registry, projectTypes: projectTypes, sinks: sinks)
            }
        }.flatMap { try $0.get() }
    }

    /// A file's share of the first pass: the types it declares and its sink summary (nil: not read yet; only a
    /// file that names the table or an emitter can write a type itself).
    struct FirstPass: Codable {
        var types: DeclaredTypes
        var sinks: SwiftSinkSummary?
    }

    /// The types the whole project declares and its sinks, joined: the first pass, each file's through `cache`.
    ///
    /// A function that forwards to a sink, or a same-named method of another type, may sit in a file that
    /// names neither (or none of the needles): after each join, the files not read that mention a sink function's
    /// name are read for their summaries and the summaries joined again, until no name is added.
    private static func firstPass(_ paths: [String], reader: FileReader, registry: Registry,
                                  cache: CheckerCache) throws -> (DeclaredTypes, SwiftSinks) {
        let set = registry.notificationTypes
        let passes = try paths.concurrentMap { path in
            Result {
                try cache.run("swift-types:" + path, key: DeclaredTypes.layout + " " + SwiftSinkSummary.layout) { tree in
                    guard let file = try reader.parse(path, in: tree) else { return FirstPass(types: DeclaredTypes(), sinks: nil) }
                    guard let set else { return FirstPass(types: file.declaredTypes, sinks: nil) }
                    let writes = SinkJoin.enabled
                        && (set.namesTable(in: file) || registry.emitters.swift.contains { file.mentions($0.function) })
                    return FirstPass(types: file.declaredTypes, sinks: writes ? SwiftSinkSummary(file, set: set) : nil)
                }
            }
        }.map { try $0.get() }
        let types = passes.reduce(into: DeclaredTypes()) { $0.merge($1.types) }
        var summaries = passes.map(\.sinks)
        func join() -> SwiftSinks {
            SwiftSinks(summaries.compactMap { $0 }, typeKey: set?.payloadKey ?? "", encoded: types.encoded, emitters: registry.emitters.swift)
        }
        var sinks = join()
        var asked: [String] = []
        for round in 1 ... 8 {
            let names = sinks.names
            guard names != asked, !names.isEmpty else { break }
            asked = names
            let callers = ByteNeedles(names)
            let key = SwiftSinkSummary.layout + " " + ContentHash.hex(Data(names.joined(separator: "\n").utf8))
            let unread = paths.indices.filter { summaries[$0] == nil }
            let found = try unread.concurrentMap { i in
                Result {
                    try cache.run("swift-sinks-\(round):" + paths[i], key: key) { tree -> SwiftSinkSummary? in
                        let bytes = try tree.read(paths[i])
                        guard callers.anyOccurs(in: bytes) else { return nil }
                        return reader.parse(paths[i], bytes: bytes, callers: callers, caller: true).flatMap { file in set.map { SwiftSinkSummary(file, set: $0) } }
                    }
                }
            }.map { try $0.get() }
            for (i, summary) in zip(unread, found) { summaries[i] = summary }
            sinks = join()
        }
        return (types, sinks)
    }

    /// Reads and parses a file once per run, however many times it is asked for; nil for a file the
    /// pre-filter rules out. Each call reads through the tree it is given, so a cache records the read.
    final class FileReader: @unchecked Sendable {
        /// Above this many sources, a file's syntax tree is dropped after its first use and parsed again when
        /// asked for later: the trees of a few thousand files take gigabytes.
        static let retainLimit = 5000
        /// Syntax trees are kept for at most this many bytes of source; the rest are parsed again in the
        /// second pass. A tree takes many times the bytes of its source, so keeping them all would make a run's
        /// memory grow with the project; an app the size of NaarsCars fits, and none of its files is parsed twice.
        static let retainBytes = 4 << 20

        let needles: SourceNeedles
        /// The simple names of nested shared enums (`SwiftSharedEnums.nestedNames`), whose spellings files keep.
        let nestedNames: Set<String>
        /// Where the files are pre-scanned and parsed: the run's store (`SwiftTrees.sharing`), shared with every other
        /// reader of the run, or one of this reader's own, with its budget.
        let trees: SwiftTrees

        /// Bytes of source whose trees are kept.
        var retainedBytes: Int { trees.retainedBytes }
        /// The same for the files read only because they call a sink function (`parse(…, caller: true)`), kept under
        /// a budget of their own: they are read after the first pass has filled the main one, and each would
        /// otherwise be parsed again in the second pass.
        var retainedCallerBytes: Int { trees.retainedCallerBytes }

        convenience init(registry: Registry, retainBytes: Int) {
            self.init(needles: SourceNeedles(registry: registry), nestedNames: SwiftSharedEnums(registry).nestedNames,
                      retainBytes: retainBytes)
        }

        /// `retainBytes`: at most this many bytes of source keep their trees, when no run's store is in progress.
        init(needles: SourceNeedles, nestedNames: Set<String> = [], retainBytes: Int) {
            self.needles = needles
            self.nestedNames = nestedNames
            trees = SwiftTrees.current ?? SwiftTrees(retainBytes: retainBytes)
        }

        /// A file the pre-filter admits but that nests too deeply to parse (see `SwiftNestingDepth`): the
        /// finding that says so, at the bracket that went too deep.
        /// `callers`: the names of the project's sink functions (`SwiftSinks.names`), a file that calls one is read too;
        /// `admitted`: the caller has asked the pre-filter already.
        func tooDeep(_ path: String, bytes: Data, callers: ByteNeedles? = nil, admitted: Bool = false) -> Finding? {
            guard admitted || needles.matches(bytes) || callers?.anyOccurs(in: bytes) == true else { return nil }
            return SourceTooDeepRule.findings(SourceBytes(bytes, file: path, language: "Swift"),
                                              refusal: trees.refusal(path, bytes: bytes)).first
        }

        /// Nil for a file the pre-filter rules out, or one nested too deeply to parse (`tooDeep` reports it).
        func parse(_ path: String, in tree: FileTree) throws -> ParsedSwiftFile? {
            parse(path, bytes: try tree.read(path))
        }

        /// The same for bytes just read from `path`; `callers` and `admitted` as for `tooDeep`; `caller`: read only
        /// because it calls a sink function (its tree is kept under the callers' budget).
        func parse(_ path: String, bytes: Data, callers: ByteNeedles? = nil, admitted: Bool = false,
                   caller: Bool = false) -> ParsedSwiftFile? {
            guard admitted || needles.matches(bytes) || callers?.anyOccurs(in: bytes) == true else { return nil }
            return trees.file(path, bytes: bytes, nestedNames: nestedNames, caller: caller)
        }
    }

    /// The rules applied to files already parsed (tests call this on in-memory sources).
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil,
                         sinks: SwiftSinks? = nil) -> [Finding] {
        let facts = SwiftRuleFacts(files: files, registry: registry, projectTypes: projectTypes, sinks: sinks)
        return units.flatMap { $0.findings(facts) }.sortedForReport()
    }
}
