/// Keys a push carries that are no app data: what APNs and FCM define (`aps`, `title`, `data`, ...) and the
/// recipient a push service routes by (`user_id`, `device_token`, ...). The rules that report keys a push
/// sends but the registry does not declare (TypeScript and SQL push builders) never judge these.
public enum PushServiceKeys {
    public static let all: Set<String> = [
        "aps", "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "interruption-level", "relevance-score", "title", "subtitle", "body", "notification", "data", "apns",
        "android", "webpush", "fcm_options", "token", "tokens", "topic", "condition", "priority", "collapse_key",
        "time_to_live", "headers", "payload", "user_id", "user_ids", "recipient_id", "recipient_ids", "device_token",
    ]
}
