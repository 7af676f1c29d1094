import Foundation
import Supabase

@MainActor
final class SettingsViewModel: ObservableObject {
    @Published private(set) var profile: Profile?

    func load(userId: UUID) async throws {
        profile = try await supabase.from("profiles").select().eq("id", value: userId).single().execute().value
    }

    /// The plans shown on the paywall (the family plan needs the 2.2 paywall).
    var offeredPlans: [Plan] {
        [Plan(rawValue: "plus"), Plan(rawValue: "pro"), Plan(rawValue: "family")].compactMap { $0 }
    }

    /// Restores the plan of a purchase made before the rename.
    func restoreLegacyPurchase(userId: UUID) async throws {
        try await supabase.from("profiles").update(["plan": "premium"]).eq("id", value: userId).execute()
    }

    func history(userId: UUID) async throws -> [Subscription] {
        try await supabase
            .from("subscriptions")
            .select()
            .eq("user_id", value: userId)
            .neq("plan", value: "free")
            .execute()
            .value
    }

    var isPaying: Bool {
        guard let plan = profile?.plan else { return false }
        return plan != Plan(rawValue: "free")
    }
}

/// A row of `public.subscriptions`.
struct Subscription: Codable, Identifiable {
    let id: UUID
    let plan: Plan
    let startsAt: Date
    let endsAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, plan
        case startsAt = "starts_at"
        case endsAt = "ends_at"
    }
}
