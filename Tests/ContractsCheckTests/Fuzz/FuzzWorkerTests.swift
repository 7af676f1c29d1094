import Foundation
import XCTest

/// The fuzz worker: the test bundle started again by `FuzzRunner` in a child process, so an input that
/// crashes (a stack overflow) kills the child, never the test run. Reads the inputs of one target from a
/// folder and reports each as `FUZZ BEGIN i` / `FUZZ END i nanoseconds` on stdout. Skipped in a normal run.
final class FuzzWorkerTests: XCTestCase {
    func testWorker() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["NAARS_FUZZ_WORKER_DIR"], let kind = environment["NAARS_FUZZ_WORKER_KIND"],
              let target = FuzzTarget(rawValue: kind) else {
            throw XCTSkip("runs only as the fuzz worker, started by FuzzTests")
        }
        let count = Int(environment["NAARS_FUZZ_WORKER_COUNT"] ?? "") ?? 0
        let out = FileHandle.standardOutput
        for index in (Int(environment["NAARS_FUZZ_WORKER_FROM"] ?? "") ?? 0)..<count {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(String(index))))
            out.write(Data("FUZZ BEGIN \(index)\n".utf8))
            let start = DispatchTime.now().uptimeNanoseconds
            target.read(bytes)
            out.write(Data("FUZZ END \(index) \(DispatchTime.now().uptimeNanoseconds - start)\n".utf8))
        }
    }
}
