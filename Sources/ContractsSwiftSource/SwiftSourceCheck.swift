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
    /// Each file is read once; files that mention none of the registry's Swift names are not parsed.
    /// Files are parsed on every core: each is parsed on its own, and only the rules look across files.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        let needles = SourceNeedles(registry: context.registry)
        var texts: [(path: String, bytes: Data)] = []
        for path in try context.swiftSources() {
            let bytes = try context.tree.read(path)
            if needles.matches(bytes) { texts.append((path, bytes)) }
        }
        let deepLinkEnum = context.registry.deepLinks?.swiftEnum
        let files = texts.concurrentMap { text in
            ParsedSwiftFile(path: text.path, text: String(decoding: text.bytes, as: UTF8.self), deepLinkEnum: deepLinkEnum)
        }
        return findings(in: files, registry: context.registry)
    }

    /// The rules applied to files already parsed (tests call this on in-memory sources).
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let all = EnumDriftRule.findings(in: files, registry: registry)
            + AttributeDriftRule.findings(in: files, registry: registry)
            + DeepLinkDriftRule.findings(in: files, registry: registry)
            + UserInfoKeyRule.findings(in: files, registry: registry)
            + UnknownLiteralRule.findings(in: files, registry: registry)
            + PayloadShapeRule.findings(in: files, registry: registry)
        return all.sortedForReport()
    }
}
