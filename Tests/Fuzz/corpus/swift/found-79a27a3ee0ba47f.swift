import Foundation

/// Where a push notification or a `naarscars://` URL takes the app.
enum DeepLink: Equatable {
    case ride(id: UUID)
    case favor(id: UUID)
    case conversation(id: UUID)
    case profile(id: UUID)
    case townHallPostComments(id: UUID)
    case townHallPostHighlight(id: UUID)
    case townHall
    case adminPanel
    case pendingUsers
    case dashboard
    case notifications
    case announcements(notificationId: UUID?)
    case enterApp
    case unknown
}

/// Reads the deep link out of a push payload's `userInfo`.
struct DeepLinkParser {
    /// The link a tapped push opens; nil when the payload names none we understand.
    static func parse(userInfo: [AnyHashable: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dleç Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> D    if let link = userInfo["deep_link"] as? String {
            return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInrInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, useserInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: user