import ContractsCore
import ContractsGenerate

/// The emitters `generate` runs, in output order. Each is a pure function of the registry; every file's header
/// carries the digest of what that file is made from.
enum StandardEmitters {
    static let all: [@Sendable (Registry) -> [GeneratedFile]] = [
        { SwiftEmitter.emit($0) },
        { TypeScriptEmitter.emit($0) },
    ]
}
