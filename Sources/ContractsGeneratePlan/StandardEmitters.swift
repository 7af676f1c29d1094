import ContractsCore
import ContractsGenerate

/// The emitters `generate` runs, in output order. Each is a pure function of the registry and its digest.
enum StandardEmitters {
    static let all: [@Sendable (Registry, String) -> [GeneratedFile]] = [
        SwiftEmitter.emit,
        TypeScriptEmitter.emit,
    ]
}
