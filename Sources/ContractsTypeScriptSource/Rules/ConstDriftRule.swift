import ContractsCore

/// `ts-const-drift` on the value declarations of every enum: a hand-written `as const` object, array or set of an
/// enum's values (the notification enum's object read by `notificationConstSurfaces`, with its keys; the others'
/// declarations by `enumSurfaces`), judged by `EnumSurfaceDrift` and worded by `EnumSurfaceWording`. An array or set
/// typed with the enum's type under another name may list a few values; only the ones it has are judged. No such
/// declaration in a file is no finding (the generated ones are excluded from the sources).
enum ConstDriftRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let surfaces = (contract.types.map { source.notificationConstSurfaces($0) } ?? [])
            + source.enumSurfaces(contract.sharedEnums).filter { $0.kind == .value }
        return EnumSurfaceDrift.findings(surfaces, in: source, contract: contract)
    }
}

extension ConstDriftRule: TSFactRule {
    /// A declaration is under, or typed with, one of the names the registry gives an enum.
    static func needles(_ contract: TSContract) -> [String] {
        (contract.types.map { [$0.typescriptConst] } ?? []) + contract.sharedEnums.bySurfaceName.keys.sorted()
    }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static func source(_ rideUpdate: String) -> [String: String] {
        ["supabase/functions/_shared/types.ts": """
            export const NOTIFICATION_TYPES = {
              MESSAGE: 'message',
              RIDE_UPDATE: \(rideUpdate),
            } as const;
            export const RIDE_STATES = { OPEN: 'open' } as const;
            """]
    }

    static let registry = """
        enums:
          ReportTargetType:
            typescript_const: REPORT_TARGETS
            values: [message, profile]
            retired: [ride]

        """

    static func reportSource(_ set: String, union: String = "'message' | 'profile'", mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/reports.ts": """
            export type \(mark)ReportTargetType = \(union);
            export const REPORT_TARGETS = new Set(\(set));
            // 'ride' and 'profile' in a comment, a log line and a key are no surface.
            console.log(`reported a profile: ${'ride'}`);
            export const LABELS = { ride: 'Ride', profile: 'Profile' };
            """]
    }

    static let triggeringExamples = [
        RuleExample(source("↓'ride_updated'")),
        RuleExample(reportSource("['message', 'profile', ↓'comment']"), registryAdding: registry),
        RuleExample(reportSource("['message', 'profile', ↓'ride']"), registryAdding: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("'ride_update'")),
        RuleExample(reportSource("['message', 'profile']"), registryAdding: registry),
    ]
}
