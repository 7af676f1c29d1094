import Foundation

/// Opens the screen a push names under `screen`.
struct PushRouter {
    func screen(for userInfo: [AnyHashable: Any]) -> AppScreen? {
        AppScreen(userInfo: userInfo)
    }

    func opensFixture(_ userInfo: [AnyHashable: Any]) -> Bool {
        (userInfo["screen"] as? String) == "fixture"
    }
}
