import ContractsTestSupport

/// The shared `CLIHarness` (ContractsTestSupport) for files of this target that do not import that module.
typealias CLIHarness = ContractsTestSupport.CLIHarness
