import Foundation

/// A light read of an `.xcodeproj`'s `project.pbxproj`: each native target's product type and folders, the
/// folders it synchronises (`PBXFileSystemSynchronizedRootGroup`, Xcode 16), else the main group's folder named
/// like the target. Build phases and file references are not followed: a folder is enough to place the
/// generated Swift and to leave the test targets out.
enum XcodeProjectTargets {
    static func targets(in text: String) -> [AppTargets.Target] {
        let objects = self.objects(in: text)
        guard let project = objects.values.first(where: { $0["isa"] == "PBXProject" }),
              let mainGroup = project["mainGroup"].flatMap({ objects[$0] }) else { return [] }
        let topFolders = list(mainGroup["children"]).compactMap { objects[$0] }.filter { $0["path"] != nil }
        return list(project["targets"]).compactMap { objects[$0] }.compactMap { target -> AppTargets.Target? in
            guard target["isa"] == "PBXNativeTarget", let name = target["name"] else { return nil }
            let product = target["productType"] ?? ""
            let kind: AppTargets.Kind = product.contains("unit-test") || product.contains("ui-testing") ? .test
                : product.hasSuffix(".application") ? .app : .other
            var folders = list(target["fileSystemSynchronizedGroups"]).compactMap { objects[$0]?["path"] }
            if folders.isEmpty, let named = topFolders.first(where: { $0["path"] == name || $0["name"] == name })?["path"] {
                folders = [named]
            }
            return AppTargets.Target(name: name, kind: kind, folders: folders)
        }
    }

    /// Every object (`ID /* comment */ = { key = value; ... };`) by its ID: its scalar and list attributes as
    /// written (lists keep their parentheses), quotes removed.
    private static func objects(in text: String) -> [String: [String: String]] {
        guard let header = try? NSRegularExpression(pattern: #"(?m)^\s*([0-9A-Fa-f]{24})\s*(?:/\*.*?\*/)?\s*=\s*\{"#),
              let attribute = try? NSRegularExpression(pattern: #"(\w+)\s*=\s*("(?:[^"\\]|\\.)*"|\([^)]*\)|[^;\s]+)\s*;"#) else { return [:] }
        let ns = text as NSString
        var out: [String: [String: String]] = [:]
        for match in header.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let open = match.range.location + match.range.length
            var depth = 1, i = open
            while i < ns.length, depth > 0 {
                let c = ns.character(at: i)
                if c == 123 { depth += 1 } else if c == 125 { depth -= 1 }
                i += 1
            }
            let body = ns.substring(with: NSRange(location: open, length: max(0, i - 1 - open)))
            var attributes: [String: String] = [:]
            let bodyNS = body as NSString
            for pair in attribute.matches(in: body, range: NSRange(location: 0, length: bodyNS.length)) {
                let key = bodyNS.substring(with: pair.range(at: 1))
                guard attributes[key] == nil else { continue }
                var value = bodyNS.substring(with: pair.range(at: 2))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                attributes[key] = value
            }
            // An ID is also a key inside the project's `TargetAttributes`: the object itself comes first.
            let id = ns.substring(with: match.range(at: 1))
            if out[id] == nil { out[id] = attributes }
        }
        return out
    }

    /// The IDs of a `( ID /* name */, ID, )` list.
    private static func list(_ value: String?) -> [String] {
        guard let value, value.hasPrefix("(") else { return [] }
        return value.dropFirst().dropLast().split(separator: ",").compactMap { item in
            item.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
    }
}
