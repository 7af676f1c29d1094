import Foundation
import Supabase

@MainActor
final class ChatRoomsViewModel: ObservableObject {
    @Published private(set) var rooms: [ChatRoom] = []
    @Published var errorMessage: String?

    let showing: ChatRoomStatus

    init(showing: ChatRoomStatus) {
        self.showing = showing
    }

    func load() async {
        do {
            rooms = try await supabase
                .from("chat_rooms")
                .select()
                .eq("status", value: showing.rawValue)
                .order("last_message_at", ascending: false)
                .execute()
                .value
        } catch {
            errorMessage = error.localizedDescription
            AppDiagnostics.log(.network, "loading archived rooms failed: \(error)")
        }
    }

    func archive(_ room: ChatRoom) async throws {
        try await supabase.from("chat_rooms").update(["status": "archived"]).eq("id", value: room.id).execute()
        rooms.removeAll { $0.id == room.id }
    }

    /// The old "close room" action, kept for rooms created before 2.0.
    func close(_ room: ChatRoom) async throws {
        try await supabase.from("chat_rooms").update(["status": "archived"]).eq("id", value: room.id).execute()
    }

    func unlock(_ room: ChatRoom) async throws {
        try await supabase
            .from("chat_rooms")
            .update(["status": ChatRoomStatus.active.rawValue])
            .eq("id", value: room.id)
            .eq("status", value: "locked")
            .execute()
    }

    /// Active rooms only: the composer hides for the others.
    func activeRooms() async throws -> [ChatRoom] {
        try await supabase.from("chat_rooms").select().eq("status", value: "active").execute().value
    }

    func setRole(_ role: MemberRole, for userId: UUID, in room: ChatRoom) async throws {
        try await supabase
            .from("chat_room_members")
            .update(["role": role.rawValue])
            .eq("room_id", value: room.id)
            .eq("user_id", value: userId)
            .execute()
    }

    /// Guests of the 2.1 beta get their rights back as admins.
    func promoteBetaModerators(in room: ChatRoom) async throws {
        try await supabase
            .from("chat_room_members")
            .update(["role": "admin"])
            .eq("room_id", value: room.id)
            .eq("role", value: "guest")
            .execute()
    }
}
