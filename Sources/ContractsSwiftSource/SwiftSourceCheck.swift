import ContractsCore
import Foundation

/// Drift between the registry and hand-written Swift, read with swift-syntax (never with patterns).
///
/// Rules: `swift-enum-drift`, `swift-attribute-drift`, `swift-deeplink-drift`, `swift-unknown-literal` and the
/// Swift side of `payload-shape-drift`. A type the registry names but the sources do not declare yields no
/// finding: the app may use the generated one.
public enum SwiftSourceCheck {
    /// The rules this checker reports, for listings and `--rule` filters.
    public static let rules: [Rule] = [
        .swiftEnumDrift, .swiftAttributeDrift, .swiftDeepLinkDrift, .swiftUnknownLiteral, .payloadShapeDrift,
    ]

    /// Every finding in the context's Swift sources, sorted for reporting.
    ///
    /// Files that mention none of the registry's Swift names are not parsed; the others are parsed on every
    /// core. Each file's results go through `cache` (`check` keeps them between runs): first the types it
    /// declares, then, given the types the whole project declares, its findings; so an edited file is the
    /// only one parsed again, unless it changed the project's declared types.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        try findings(in: context, cache: cache, retainLimit: FileReader.retainLimit)
    }

    /// `retainLimit`: how many sources may keep their syntax trees between the two passes (tests set 0).
    static func findings(in context: CheckContext, cache: CheckerCache?, retainLimit: Int) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let registry = context.registry
        let paths = try context.swiftSources()
        let reader = FileReader(needles: SourceNeedles(registry: registry), deepLinkEnum: registry.deepLinks?.swiftEnum,
                                retain: paths.count <= retainLimit)
        let declared = try paths.concurrentMap { path in
            Result { try cache.run("swift-types:" + path, key: "") { tree in try reader.parse(path, in: tree)?.declaredTypes ?? DeclaredTypes() } }
        }.map { try $0.get() }
        let projectTypes = declared.reduce(into: DeclaredTypes()) { $0.merge($1) }
        let key = projectTypes.fingerprint
        return try paths.concurrentMap { path in
            Result {
                try cache.run("swift:" + path, key: key) { tree in
                    try reader.parse(path, in: tree).map { findings(in: [$0], registry: registry, projectTypes: projectTypes) } ?? []
                }
            }
        }.flatMap { try $0.get() }.sortedForReport()
    }

    /// Reads and parses a file once per run, however many times it is asked for; nil for a file the
    /// pre-filter rules out. Each call reads through the tree it is given, so a cache records the read.
    final class FileReader: @unchecked Sendable {
        /// Above this many sources, a file's syntax tree is dropped after its first use and parsed again when
        /// asked for later: the trees of a few thousand files take gigabytes.
        static let retainLimit = 5000

        let needles: SourceNeedles
        let deepLinkEnum: String?
        let retain: Bool
        private let lock = NSLock()
        private var parsed: [String: (bytes: Data, file: ParsedSwiftFile)] = [:]

        init(needles: SourceNeedles, deepLinkEnum: String?, retain: Bool) {
            self.needles = needles
            self.deepLinkEnum = deepLinkEnum
            self.retain = retain
        }

        func parse(_ path: String, in tree: FileTree) throws -> ParsedSwiftFile? {
            let bytes = try tree.read(path)
            guard needles.matches(bytes) else { return nil }
            lock.lock()
            let earlier = parsed[path]
            lock.unlock()
            if let earlier, earlier.bytes == bytes { return earlier.file }
            let file = ParsedSwiftFile(path: path, text: String(decoding: bytes, as: UTF8.self), deepLinkEnum: deepLinkEnum)
            guard retain else { return file }
            lock.lock()
            parsed[path] = (bytes, file)
            lock.unlock()
            return file
        }
    }

    /// The rules applied to files already parsed (tests call this on in-memory sources).
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil) -> [Finding] {
        let all = EnumDriftRule.findings(in: files, registry: registry)
            + AttributeDriftRule.findings(in: files, registry: registry)
            + DeepLinkDriftRule.findings(in: files, registry: registry)
            + UserInfoKeyRule.findings(in: files, registry: registry, projectTypes: projectTypes)
            + UnknownLiteralRule.findings(in: files, registry: registry, projectTypes: projectTypes)
            + PayloadShapeRule.findings(in: files, registry: registry)
        return all.sortedForReport()
    }
}
