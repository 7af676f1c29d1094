import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// The edge functions the app calls, against the functions folder: each `functions.invoke("name")` in Swift or
/// TypeScript names a folder there (`edge-function-missing`), and sends a method the function accepts
/// (`edge-function-method-drift`). No registry entry is needed: the folder is the contract.
public enum EdgeFunctionCheck {
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let text = { (tree: FileTree, path: String) in String(decoding: try tree.read(path), as: UTF8.self) }
        let swift = try context.swiftSources().concurrentMap { path in
            Result { try cache.run("edge-invokes:" + path, key: "") { tree in
                try tree.readText(path, ifHoldingAnyOf: EdgeFunctionInvokeReader.needles).map { EdgeFunctionInvokeReader.invokes(path: path, text: $0) } ?? []
            } }
        }.map { try $0.get() }
        let typescript = try context.typescriptSources().concurrentMap { path in
            Result { try cache.run("edge-invokes:" + path, key: "") { tree in
                try tree.readText(path, ifHoldingAnyOf: TSEdgeFunctions.invokeNeedles).map { TSEdgeFunctions.invokes(path: path, text: $0) } ?? []
            } }
        }.map { try $0.get() }
        let invokes = (swift + typescript).flatMap { $0 }
        guard !invokes.isEmpty else { return [] }
        let folders = try EdgeFunctionFolders(context)
        var methods: [String: EdgeFunctionMethods] = [:]
        for name in Set(invokes.map(\.functionName)) {
            guard let entry = folders.entry(of: name) else { continue }
            let accepted = try cache.run("edge-methods:" + entry, key: "") { tree in
                EdgeMethodsBox(methods: TSEdgeFunctions.acceptedMethods(path: entry, text: try text(tree, entry)))
            }
            methods[name] = accepted.methods
        }
        let facts = EdgeFunctionFacts(invokes: invokes, folders: folders, methods: methods)
        return (EdgeFunctionMissingRule.findings(facts) + EdgeFunctionMethodRule.findings(facts)).sortedForReport()
    }

    /// Its rule units, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { [EdgeFunctionMissingRule.self, EdgeFunctionMethodRule.self] }
}

/// A cache entry's value must be Codable at the top level.
private struct EdgeMethodsBox: Codable {
    var methods: EdgeFunctionMethods?
}

extension EdgeFunctionInvoke {
    /// The function a call reaches: the name up to a `/` or `?` (`invoke("users/42")` reaches `users`).
    var functionName: String {
        String(name.prefix { $0 != "/" && $0 != "?" })
    }

    var isSwift: Bool { location.file.hasSuffix(".swift") }
}

/// The functions folders of a project and the functions in them: `supabase/functions`, and `functions` beside each
/// `…/migrations` folder. A function is a folder there holding a file, except `_shared`-style folders (a leading
/// `_` or `.`, which the Supabase CLI never deploys).
struct EdgeFunctionFolders: Sendable {
    /// The folders that exist (hold a file), in search order.
    var folders: [String]
    /// Function name → its folder's files.
    var functions: [String: [String]]

    init(_ context: CheckContext) throws {
        folders = []
        functions = [:]
        for candidate in context.registry.edgeFunctionFolderCandidates {
            let files = try context.tree.files(under: candidate)
            guard !files.isEmpty else { continue }
            folders.append(candidate)
            for file in files {
                let rest = file.dropFirst(candidate.count + 1)
                guard let slash = rest.firstIndex(of: "/") else { continue }
                let name = String(rest[..<slash])
                guard !name.hasPrefix("_"), !name.hasPrefix(".") else { continue }
                functions[name, default: []].append(file)
            }
        }
    }

    init(folders: [String], functions: [String: [String]]) {
        self.folders = folders
        self.functions = functions
    }

    /// The function's entry file (`index.ts`, as the Supabase CLI deploys by default), if it has one.
    func entry(of name: String) -> String? {
        let files = functions[name] ?? []
        for entry in ["index.ts", "index.tsx", "index.js", "index.mjs"] {
            if let found = files.first(where: { $0.hasSuffix("/\(name)/\(entry)") }) { return found }
        }
        return nil
    }
}

struct EdgeFunctionFacts {
    let invokes: [EdgeFunctionInvoke]
    let folders: EdgeFunctionFolders
    /// By function name, for the functions whose entry refuses every method but some.
    let methods: [String: EdgeFunctionMethods]
}
