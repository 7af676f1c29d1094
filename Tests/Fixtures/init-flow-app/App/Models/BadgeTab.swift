/// The tab a notification's badge counts on.
enum BadgeTab: Hashable {
    case messages
    case requests
    case community
}
