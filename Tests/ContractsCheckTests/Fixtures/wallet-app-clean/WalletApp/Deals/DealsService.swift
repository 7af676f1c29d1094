import Foundation
import Supabase

/// The deals list decodes `list-deals`' reply: the rows the RPC returned, and their count.
struct DealsResponse: Decodable {
    let deals: [DealRow]
    let count: Int
    let featured: String?
}

/// The paged deals screen reads the count the function sends.
struct DealsPage: Decodable {
    let deals: [DealRow]
    let count: Int
}

struct DealsService {
    let supabase: SupabaseClient

    func deals() async throws -> DealsResponse {
        try await supabase.functions.invoke("list-deals")
    }

    func page() async throws -> DealsPage {
        return try await supabase.functions.invoke("list-deals", options: .init(method: .get))
    }

    /// `export-report` answers through a helper whose body is not read: its decoder is not judged.
    func exportURL(month: String) async throws -> URL {
        struct Export: Decodable { let url: URL; let expiresAt: Date }
        let export: Export = try await supabase.functions.invoke("export-report", options: .init(body: ["month": month]))
        return export.url
    }

    /// An RPC, not an edge function: `list_open_deals` returns the registered rows.
    func rows() async throws -> [DealRow] {
        try await supabase.rpc("list_open_deals", params: ["p_limit": 20]).execute().value
    }
}
