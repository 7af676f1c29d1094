import Foundation

/// Opens the screen a push names under `screen`.
struct PushRouter {
    func screen(for userInfo: [AnyHashable: Any]) -> AppScreen? {
        AppScreen(userInfo: userInfo)
    }

    func isBackground(_ userInfo: [AnyHashable: Any]) -> Bool {
        (userInfo["type"] as? String) == "background"
    }
}
