import ContractsCore
import Foundation

/// The URL scheme deep links open: `CFBundleURLSchemes` in an Info.plist, else a `scheme://` the deep-link
/// enum's file names (a `url.scheme == "x"` test, a `"x://..."` literal, or its doc comment). Web schemes are not it,
/// nor an OAuth callback's: a scheme a Swift file that signs in names (`redirectTo:`, `signInWithOAuth`, a URL
/// handed to `auth.session(from:)`) goes to Supabase, not to a screen.
enum URLSchemeDiscovery {
    static func scheme(_ files: ProjectFiles, deepLinkFile: String?) throws -> String? {
        let callbacks = try oauthSchemes(files)
        for path in files.paths where path.hasSuffix("Info.plist") {
            let text = try files.tree.readText(path)
            // Each `CFBundleURLSchemes` array, its strings only (the next key's strings are no schemes).
            var rest = text[...]
            while let range = rest.range(of: "<key>CFBundleURLSchemes</key>") {
                let after = rest[range.upperBound...]
                let array = after.range(of: "</array>").map { after[..<$0.lowerBound] } ?? after
                if let scheme = firstMatch(#"<string>\s*([A-Za-z][A-Za-z0-9+.-]*)\s*</string>"#, String(array), excluding: callbacks) {
                    return scheme
                }
                rest = after
            }
        }
        guard let deepLinkFile else { return nil }
        let text = try files.tree.readText(deepLinkFile)
        return firstMatch(#"scheme\s*==\s*"([A-Za-z][A-Za-z0-9+.-]*)""#, text, excluding: callbacks)
            ?? firstMatch(#"\b([a-z][a-z0-9+.-]*)://"#, text, excluding: callbacks.union(["http", "https", "file", "ws", "wss", "mailto", "tel"]))
    }

    /// The schemes (lowercased) of the `"x://..."` literals in Swift files that sign in with OAuth.
    static func oauthSchemes(_ files: ProjectFiles) throws -> Set<String> {
        var out: Set<String> = []
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            guard ["redirectTo", "signInWithOAuth", "auth.session(from", "ASWebAuthenticationSession"].contains(where: text.contains) else { continue }
            guard let regex = try? NSRegularExpression(pattern: #""([A-Za-z][A-Za-z0-9+.-]*)://"#) else { continue }
            for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let r = Range(m.range(at: 1), in: text) { out.insert(text[r].lowercased()) }
            }
        }
        return out
    }

    private static func firstMatch(_ pattern: String, _ text: String, excluding: Set<String> = []) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let range = Range(match.range(at: 1), in: text), !excluding.contains(text[range].lowercased()) { return String(text[range]) }
        }
        return nil
    }
}
