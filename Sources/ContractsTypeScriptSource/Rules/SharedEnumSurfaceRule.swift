import ContractsCore

/// `ts-const-drift` on the value declarations of the shared enums (`enums:`): a hand-written `as const` object, array
/// or set of an enum's values (see `enumSurfaces`), judged by `EnumSurfaceDrift`. An array or set typed with the
/// enum's type under another name may list a few values; only the ones it has are judged. The notification enum's
/// `as const` object is `ConstDriftRule`'s.
enum SharedEnumSurfaceRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        source.enumSurfaces(contract.sharedEnums).filter { $0.kind == .value }.flatMap {
            EnumSurfaceDrift.compare($0, source, EnumSurfaceWording(shared: $0.sharedEnum, registryFile: contract.registry.file),
                                     registryFile: contract.registry.file)
        }
    }
}

extension SharedEnumSurfaceRule: TSFactRule {
    /// A surface is declared under, or typed with, one of the names the registry gives an enum.
    static func needles(_ contract: TSContract) -> [String] { contract.sharedEnums.bySurfaceName.keys.sorted() }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static let registry = """
        enums:
          ReportTargetType:
            typescript_const: REPORT_TARGETS
            values: [message, profile]
            retired: [ride]

        """

    static func source(_ set: String, union: String = "'message' | 'profile'", mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/reports.ts": """
            export type \(mark)ReportTargetType = \(union);
            export const REPORT_TARGETS = new Set(\(set));
            // 'ride' and 'profile' in a comment, a log line and a key are no surface.
            console.log(`reported a profile: ${'ride'}`);
            export const LABELS = { ride: 'Ride', profile: 'Profile' };
            """]
    }

    static let triggeringExamples = [
        RuleExample(source("['message', 'profile', ↓'comment']"), registryAdding: registry),
        RuleExample(source("['message', 'profile', ↓'ride']"), registryAdding: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("['message', 'profile']"), registryAdding: registry),
    ]
}
