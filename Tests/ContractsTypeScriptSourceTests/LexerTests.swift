import XCTest
@testable import ContractsTypeScriptSource
