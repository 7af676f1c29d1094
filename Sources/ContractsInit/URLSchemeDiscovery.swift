import ContractsCore
import Foundation

/// The URL scheme deep links open: `CFBundleURLSchemes` in an Info.plist, else a `scheme://` the deep-link
/// enum's file names (a `url.scheme == "x"` test, a `"x://..."` literal, or its doc comment). Web schemes are not it.
enum URLSchemeDiscovery {
    static func scheme(_ files: ProjectFiles, deepLinkFile: String?) throws -> String? {
        for path in files.paths where path.hasSuffix("Info.plist") {
            let text = try files.tree.readText(path)
            if let range = text.range(of: "<key>CFBundleURLSchemes</key>"),
               let scheme = firstMatch(#"<string>\s*([A-Za-z][A-Za-z0-9+.-]*)\s*</string>"#, String(text[range.upperBound...])) {
                return scheme
            }
        }
        guard let deepLinkFile else { return nil }
        let text = try files.tree.readText(deepLinkFile)
        return firstMatch(#"scheme\s*==\s*"([A-Za-z][A-Za-z0-9+.-]*)""#, text)
            ?? firstMatch(#"\b([a-z][a-z0-9+.-]*)://"#, text, excluding: ["http", "https", "file", "ws", "wss", "mailto", "tel"])
    }

    private static func firstMatch(_ pattern: String, _ text: String, excluding: Set<String> = []) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let range = Range(match.range(at: 1), in: text), !excluding.contains(text[range].lowercased()) { return String(text[range]) }
        }
        return nil
    }
}
