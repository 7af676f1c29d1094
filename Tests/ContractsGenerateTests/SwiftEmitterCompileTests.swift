import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// Compiles the emitted Swift for `SwiftTestRegistries.everyFeature` in Swift 6 mode with warnings as errors,
/// and runs a program against it: the parts the checked-in goldens never instantiate (bool and double
/// readers, URL parsing with a mixed-case scheme, keyword cases, no fallback) must build and work too.
final class SwiftEmitterCompileTests: XCTestCase {
    func testEveryFeatureCompilesAndRuns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-emitter-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for file in SwiftEmitter.emit(SwiftTestRegistries.everyFeature, digest: "d1") {
            let url = dir.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let main = dir.appendingPathComponent("main.swift")
        try Self.program.write(to: main, atomically: true, encoding: .utf8)
        let executable = dir.appendingPathComponent("every-feature").path

        let compile = try run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-warnings-as-errors",
                                               "-module-name", "EveryFeature", "-o", executable] + sources + [main.path])
        if compile.status == 127 {
            throw XCTSkip("swiftc is not on PATH")
        }
        XCTAssertEqual(compile.status, 0, compile.output)
        guard compile.status == 0 else { return }
        let result = try run(executable, [])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "OK")
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try TestProcess.run(path, arguments, combined: true)
        return (result.status, result.stdout)
    }

    private static let program = ##"""
    import Foundation

    func check(_ condition: Bool, _ message: String) {
        if !condition {
            print("FAIL: \(message)")
            exit(1)
        }
    }

    let id = UUID()
    let samples: [DriverRoute] = [
        .trip(tripId: id), .order(orderId: id, stopIndex: 2), .order(orderId: id, stopIndex: nil),
        .urgentAlert(in: "Road closed: \"B\" & exit 7?\n"), .`default`,
        .stop(index: -3, weight: 2.5, fragile: true, at: "2026-01-01T00:00:00Z"),
        .stop(index: 0, weight: 1e-7, fragile: false, at: nil),
    ]
    check(Set(samples.map(\.caseName)) == Set(DriverRoute.caseNames), "samples cover every case")
    for link in samples {
        check(DriverRoute(userInfo: link.userInfo) == link, "userInfo round trip of \(link)")
        check(DriverRoute(url: link.url) == link, "URL round trip of \(link.url)")
    }
    check(DriverRoute.stop(index: 1, weight: 2, fragile: true, at: nil).url.absoluteString
          == "vroomx://stop?index=1&weight=2.0&fragile=true", "URL shape")

    let numbers: [AnyHashable: Any] = ["route": "stop", "index": NSNumber(value: 4), "weight": NSNumber(value: 1.5),
                                       "fragile": NSNumber(value: true)]
    check(DriverRoute(userInfo: numbers) == .stop(index: 4, weight: 1.5, fragile: true, at: nil), "NSNumber values")
    let natives: [AnyHashable: Any] = ["route": "stop", "index": 4, "weight": 3, "fragile": false]
    check(DriverRoute(userInfo: natives) == .stop(index: 4, weight: 3, fragile: false, at: nil), "native values")
    let strings: [AnyHashable: Any] = ["route": "stop", "index": "4", "weight": "1", "fragile": "TRUE", "at": "now"]
    check(DriverRoute(userInfo: strings) == .stop(index: 4, weight: 1, fragile: true, at: "now"), "string values")
    check(DriverRoute(userInfo: ["route": "stop", "index": "4.5", "weight": "1", "fragile": "1"]) == nil, "fractional int")
    check(DriverRoute(userInfo: ["route": "stop", "index": "4", "weight": "1", "fragile": "maybe"]) == nil, "bad bool")
    check(DriverRoute(userInfo: ["route": "stop", "index": 2.5, "weight": "1", "fragile": "0"]) == nil, "fractional number")

    check(DriverRoute(userInfo: ["notification_type": "default", "index": "1", "weight": "1", "fragile": "0"])
          == .stop(index: 1, weight: 1, fragile: false, at: nil), "keyword type's first link")
    check(DriverRoute(userInfo: ["notification_type": "default"]) == .`default`, "keyword type's second link")
    check(DriverRoute(userInfo: ["notification_type": "brand_new", "trip_id": id.uuidString]) == nil, "no fallback")
    check(DriverRoute(url: URL(string: "VroomX://DEFAULT")!) == .`default`, "case-insensitive URL")
    check(DriverRoute(url: URL(string: "other://default")!) == nil, "other scheme")

    check((try? JSONDecoder().decode([DriverNotificationKind].self, from: Data(#"["brand_new"]"#.utf8))) == nil,
          "unknown raw value fails without a fallback")
    check(DriverNotificationKind.tripAssigned.tab == .townHall && DriverNotificationKind.orderReady.tab == nil, "badge")
    check(Tab.townHall.rawValue == "town_hall", "badge raw value")

    let unread = try! JSONDecoder().decode(TripUnread.self, from: Data(#"{"trip_id": "\#(id)", "unread": 3, "stop_kind": null}"#.utf8))
    check(unread == TripUnread(tripId: id, repeat: 3, isUrgent: false, stopKind: .dropOff, weights: nil), "payload defaults")
    check(unread.`repeat` == 3, "keyword property")
    let picked = try! JSONDecoder().decode(TripUnread.self, from: Data(#"{"trip_id": "\#(id)", "stop_kind": "pick_up", "weights": [1, 2.5]}"#.utf8))
    check(picked.stopKind == .pickUp && picked.weights == [1, 2.5], "allowed value and array")
    print("OK")
    """##
}
