/// A call of an edge function by name: `supabase.functions.invoke("get-wallet", options: …)`, in Swift or
/// TypeScript, and the HTTP method it sends.
public struct EdgeFunctionInvoke: Sendable, Equatable, Codable {
    /// The function's name as called (its folder under the functions folder).
    public var name: String
    /// The method sent (`GET`, `POST`, …), nil when the call's options cannot be read for sure (a variable, a
    /// spread, a computed method).
    public var method: String?
    /// Whether `method` is the client's default (no method given): POST for supabase-swift and supabase-js.
    public var methodIsDefault: Bool
    /// Where the name's string literal starts.
    public var location: SourceLocation

    public init(name: String, method: String?, methodIsDefault: Bool, location: SourceLocation) {
        self.name = name
        self.method = method
        self.methodIsDefault = methodIsDefault
        self.location = location
    }
}

/// The methods an edge function answers, read from its entry file when it refuses every other one before doing
/// anything (`if (req.method !== "GET") return new Response(…, { status: 405 })`).
public struct EdgeFunctionMethods: Sendable, Equatable, Codable {
    /// Upper-cased, sorted (`OPTIONS`, the CORS preflight, included when the function answers it).
    public var accepted: [String]
    /// Where the guard that refuses the others starts.
    public var location: SourceLocation

    public init(accepted: [String], location: SourceLocation) {
        self.accepted = accepted
        self.location = location
    }
}

extension Registry {
    /// Where the project's edge functions may be, in search order: `supabase/functions`, and `functions` beside each
    /// migration folder named `…/migrations` (`backend/supabase/functions`). Those that hold a file are the functions
    /// folders; a function is a folder there.
    public var edgeFunctionFolderCandidates: [String] {
        var candidates = ["supabase/functions"]
        for folder in migrations where folder.dir == "migrations" || folder.dir.hasSuffix("/migrations") {
            candidates.append(String(folder.dir.dropLast("migrations".count)) + "functions")
        }
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted }
    }
}
