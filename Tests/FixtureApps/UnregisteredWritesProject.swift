/// A free-text project whose first CHECK constraint `generate` refuses: unregistered writes in SQL, Swift and
/// TypeScript beside decoys (shared by the CLI's refusal test and the facts test).
public enum UnregisteredWritesProject {
    /// A free-text column with unregistered writes in SQL, Swift and TypeScript, beside decoys: a registered value,
    /// a server-only value (in Swift, drift of the app; in TypeScript, a value the server sends), a value in each
    /// generated output folder, and a `NOTIFICATION_TYPES` key the const object lacks (it writes no value).
    public static let files = [
        "registry.yaml": """
            version: 1
            notification_types:
              swift_enum: NotificationType
              generate: false
              typescript_const: NOTIFICATION_TYPES
              payload_key: type
              sql: { table: public.notifications, column: type }
              retired: [old_kind]
              values:
                - raw: message
                - raw: ride_update
                - raw: server_ping
                  scope: server
                - raw: local_only
                  scope: app
            migrations:
              - { dir: database, scheme: sequential, width: 3 }
            sources:
              swift: ["App/**/*.swift"]
              typescript: ["supabase/functions/**/*.ts"]
            outputs:
              swift: App/Generated
              typescript: supabase/functions/_shared
              sql: database
            """,
        "database/001_notifications.sql": """
            CREATE TABLE public.notifications (id uuid, type text);
            INSERT INTO public.notifications (type) VALUES ('message'), ('legacy_digest');
            """,
        "App/Inbox.swift": """
            import Supabase

            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
            }

            func route(_ raw: String, client: SupabaseClient, id: UUID) async throws {
                let known = NotificationType(rawValue: "message")
                let typo = NotificationType(rawValue: "mesage")
                let server = NotificationType(rawValue: "server_ping")
                try await client.from("notifications").insert(["user_id": AnyEncodable(id), "type": AnyEncodable("swift_written")]).execute()
                try await client.from("notifications").insert(["user_id": AnyEncodable(id), "type": AnyEncodable("ride_update")]).execute()
            }
            """,
        "App/Generated/Decoy.swift": """
            // A file in the Swift output folder is generated: never read as a hand-written source.
            let generated = NotificationType(rawValue: "generated_swift_decoy")
            """,
        "supabase/functions/push/index.ts": """
            export async function notify(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: 'app_update' });
              await supabase.from('notifications').insert({ user_id: userId, type: 'message' });
              await supabase.from('notifications').insert({ user_id: userId, type: 'server_ping' });
              await supabase.from('notifications').insert({ user_id: userId, type: 'old_kind' });
              await supabase.from('notifications').insert({ user_id: userId, type: 'local_only' });
              await supabase.from('notifications').insert({ user_id: userId, type: NOTIFICATION_TYPES.MESAGE });
            }
            """,
        "supabase/functions/_shared/decoy.ts": """
            export async function decoy(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: 'generated_ts_decoy' });
            }
            """,
    ]
}
