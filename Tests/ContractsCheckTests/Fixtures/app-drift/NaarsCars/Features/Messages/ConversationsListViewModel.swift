import Combine
import Foundation

/// The Messages tab: conversations with their unread counts.
@MainActor
final class ConversationsListViewModel: ObservableObject {
    @Published private(set) var unreadByConversation: [UUID: Int] = [:]
    private var observer: NSObjectProtocol?

    init() {
        // BadgeCountManager posts this after each refresh; the keys are ours, not the server's.
        observer = NotificationCenter.default.addObserver(forName: .conversationUnreadCountsUpdated, object: nil,
                                                          queue: .main) { [weak self] note in
            guard let counts = note.userInfo?["unread_counts"] as? [UUID: Int] else { return }
            let source = note.userInfo?["source"] as? String ?? "rpc"
            Task { @MainActor in
                self?.unreadByConversation = counts
                AppLogger.debug("messages", "unread counts updated from \(source)")
            }
        }
    }
}
