import Foundation
import Supabase

@MainActor
final class InvitesViewModel: ObservableObject {
    @Published private(set) var invites: [Invite] = []

    func load(roomId: UUID) async throws {
        invites = try await supabase
            .from("invites")
            .select()
            .eq("room_id", value: roomId)
            .eq("status", value: "pending")
            .execute()
            .value
    }

    /// Invites to rooms that are still active (the room's status, not the invite's).
    func openInvitesInActiveRooms() async throws -> [Invite] {
        try await supabase
            .from("invites")
            .select("*, chat_rooms!inner(status)")
            .eq("chat_rooms.status", value: "active")
            .in("status", values: ["pending", "sent", "opened"])
            .execute()
            .value
    }

    /// The old "accepted invites" screen filtered on the room's word by mistake.
    func acceptedInvites() async throws -> [Invite] {
        try await supabase.from("invites").select().eq("status", value: "active").execute().value
    }

    func create(roomId: UUID, email: String) async throws -> Invite {
        try await supabase
            .rpc("create_invite", params: ["p_room_id": roomId.uuidString, "p_email": email])
            .execute()
            .value
    }

    func decline(_ invite: Invite) async throws {
        try await supabase.from("invites").update(["status": "declined"]).eq("id", value: invite.id).execute()
    }

    func revoke(_ invite: Invite) async throws {
        try await supabase.rpc("revoke_invite", params: ["p_invite_id": invite.id.uuidString]).execute()
    }

    /// A status from a universal link (`splitchat://invite/<token>?state=opened`).
    func status(fromLink state: String?) -> InviteStatus {
        InviteStatus(rawValue: state ?? "") ?? InviteStatus(rawValue: "opened") ?? .pending
    }
}
