import SwiftUI

struct ChatRoomListView: View {
    @StateObject private var model: ChatRoomsViewModel

    init(showing status: ChatRoomStatus) {
        _model = StateObject(wrappedValue: ChatRoomsViewModel(showing: status))
    }

    var body: some View {
        NavigationStack {
            List(model.rooms) { room in
                NavigationLink(value: room) {
                    HStack {
                        Text(room.name)
                        Spacer()
                        if room.status == .locked {
                            Image(systemName: "lock.fill")
                        }
                        Text(LocalizedStringKey(room.statusKey))
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                .swipeActions {
                    if room.status == .active {
                        Button("Archive") { Task { try? await model.archive(room) } }
                    }
                }
            }
            .navigationTitle(model.showing == .archived ? "Archived" : "Chats")
            .navigationDestination(for: ChatRoom.self) { room in
                MediaGalleryView(roomId: room.id)
            }
            .task { await model.load() }
        }
    }
}

struct MediaGalleryView: View {
    let roomId: UUID
    @StateObject private var model = MediaViewModel()

    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 96))]) {
                ForEach(model.assets) { asset in
                    RoundedRectangle(cornerRadius: 8)
                        .fill(asset.status == .viewed ? Color.gray.opacity(0.2) : Color.accentColor.opacity(0.2))
                        .overlay { Text(asset.status.rawValue).font(.caption2) }
                        .onTapGesture { Task { try? await model.markViewed(asset) } }
                }
            }
        }
        .task { try? await model.load(roomId: roomId) }
    }
}

#if DEBUG
struct ChatRoomListView_Previews: PreviewProvider {
    static var previews: some View {
        ChatRoomListView(showing: .active)
        ChatRoomListView(showing: ChatRoomStatus(rawValue: "archived") ?? .active)
    }
}
#endif
