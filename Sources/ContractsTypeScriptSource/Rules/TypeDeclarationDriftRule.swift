import ContractsCore

/// `ts-const-drift` on the type declarations of every enum: a hand-written union (`type ChatRoomStatus = 'active' |
/// 'deleted'`), a Record's value union, or a string enum, under the TypeScript type name the registry gives the enum
/// (the notification enum's read by `notificationTypeSurfaces`, the others' by `enumSurfaces`), with a value it
/// lacks (at the declaration's name) or a member the enum does not have (at the literal). The functions hold the
/// enum's server values (scope `all`/`server`): an app-only member is drift, as is a retired one. `EnumSurfaceWording`
/// words each enum.
enum TypeDeclarationDriftRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let surfaces = (contract.types.map { source.notificationTypeSurfaces($0) } ?? [])
            + source.enumSurfaces(contract.sharedEnums).filter { $0.kind == .type }
        return EnumSurfaceDrift.findings(surfaces, in: source, contract: contract)
    }
}

extension TypeDeclarationDriftRule: TSFactRule {
    /// A declaration is under, or typed with, one of the names the registry gives an enum.
    static func needles(_ contract: TSContract) -> [String] {
        (contract.types.map { [$0.typescriptType] } ?? []) + contract.sharedEnums.bySurfaceName.keys.sorted()
    }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    /// `mark` is `↓` when the example triggers: the union misses a registered value and has an extra one.
    static func source(_ rideUpdate: String, mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/types.ts": """
            export type \(mark)NotificationType = 'message' | \(rideUpdate);
            export type RideState = 'open' | 'closed';
            """]
    }

    /// A hand-written union of the status (`mark` is `↓` when it lacks a value).
    static func mediaSource(_ union: String, mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/media.ts": "export type \(mark)MediaAssetStatus = \(union);\n"]
    }

    static let triggeringExamples = [
        RuleExample(source("↓'ride_updated'", mark: "↓")),
        RuleExample(ConstDriftRule.reportSource("['message', 'profile']", union: "'message'", mark: "↓"),
                    registryAdding: ConstDriftRule.registry),
        // The union lists the app-only value and lacks the server-only one.
        RuleExample(mediaSource("'uploaded' | ↓'draft'", mark: "↓"), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("'ride_update'")),
        RuleExample(mediaSource("'uploaded' | 'pending_upload'"), registryAdding: RuleExample.scopedStatusEnum),
    ]
}
