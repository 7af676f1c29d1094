import Supabase
import SwiftUI

struct RoomsView: View {
    let supabase: SupabaseClient
    @State private var rooms: [RoomOverview] = []

    var body: some View {
        List(rooms, id: \.roomId) { room in
            Text(room.roomName)
        }
        .task { await load() }
    }

    private func load() async {
        rooms = (try? await supabase.rpc("get_room_overview", params: ["p_user_id": UUID().uuidString]).execute().value) ?? []
    }

    func report(_ messageId: UUID, reason: ReportReason) async throws {
        try await supabase.from("reports").insert(["message_id": messageId.uuidString, "reporter_id": try await supabase.auth.session.user.id.uuidString, "reason": reason.rawValue, "status": "open"]).execute()
    }

    func archive(_ room: ChatRoom) async throws {
        try await supabase.from("chat_rooms").update(["status": ChatRoomStatus.archived.rawValue]).eq("id", value: room.id).execute()
    }
}

struct ContentView: View {
    var body: some View { Text("Rooms") }
}
