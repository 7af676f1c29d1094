/// An expense-sharing chat app whose stacks share many enums, as the real apps of issue 27 do, for `init` to find:
/// camelCase notification types (a CHECK, edge functions, a Swift enum of implicit raw values); an ENUM type on two
/// tables; three `status` columns of different value sets; a plan on two tables that only Swift and SQL share (one
/// CHECK added by `ALTER TABLE … ADD COLUMN … CHECK`); a report target that only TypeScript and SQL share; a
/// friendship status only literals show; a nested `Expense.Category` beside `AppDiagnostics.Category`. And decoys:
/// CHECKs on non-enums, a yes/no CHECK and a payment kind that meet nothing, a `Tab` enum and a `Mood` union.
public enum SharedEnumsProject {
    public static let files: [String: String] = [
        "supabase/migrations/20240101000000_init.sql": """
            -- Initial schema.
            CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
            CREATE TYPE public.media_kind AS ENUM ('photo', 'video', 'voice_note');

            CREATE TABLE public.profiles (
                id uuid PRIMARY KEY,
                display_name text NOT NULL CHECK (char_length(display_name) < 80),
                created_at timestamptz NOT NULL DEFAULT now()
            );

            CREATE TABLE public.chat_rooms (
                id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
                name text NOT NULL,
                status text NOT NULL DEFAULT 'active',
                CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'archived', 'locked'))
            );

            CREATE TABLE public.notifications (
                id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
                user_id uuid NOT NULL REFERENCES public.profiles (id),
                type text NOT NULL,
                body text,
                CONSTRAINT notifications_type_check CHECK (type = ANY (ARRAY['expenseAdded'::text, 'commentAdded'::text,
                    'friendRequest'::text, 'settleUp'::text, 'groupInvite'::text]))
            );
            """,
        "supabase/migrations/20240115000000_invites.sql": """
            CREATE TABLE public.invites (
                id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
                room_id uuid NOT NULL REFERENCES public.chat_rooms (id),
                email text NOT NULL,
                status text NOT NULL DEFAULT 'pending'
            );
            ALTER TABLE public.invites ADD CONSTRAINT invites_status_check
                CHECK (status IN ('pending', 'sent', 'opened', 'accepted', 'declined', 'expired', 'revoked'));

            CREATE OR REPLACE FUNCTION public.expire_invites() RETURNS void LANGUAGE sql AS $$
                UPDATE public.invites SET status = 'expired' WHERE status IN ('pending', 'sent');
            $$;
            """,
        "supabase/migrations/20240201000000_media.sql": """
            CREATE TABLE public.media_assets (
                id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
                room_id uuid REFERENCES public.chat_rooms (id),
                kind public.media_kind NOT NULL,
                status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'ready', 'viewed', 'failed'))
            );
            CREATE TABLE public.message_attachments (
                id uuid PRIMARY KEY,
                kind media_kind NOT NULL,
                size_bytes bigint CHECK (size_bytes > 0)
            );
            """,
        "supabase/migrations/20240301000000_plans.sql": """
            ALTER TABLE public.profiles ADD COLUMN plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'plus', 'family'));
            CREATE TABLE public.subscriptions (
                id uuid PRIMARY KEY,
                user_id uuid NOT NULL REFERENCES public.profiles (id),
                plan text NOT NULL,
                CONSTRAINT subscriptions_plan_check CHECK (plan = ANY (ARRAY['free'::text, 'plus'::text, 'family'::text]))
            );
            """,
        "supabase/migrations/20240320000000_expenses.sql": """
            CREATE TABLE public.expenses (
                id uuid PRIMARY KEY,
                room_id uuid REFERENCES public.chat_rooms (id),
                amount numeric(12, 2) NOT NULL CHECK (amount > 0),
                category text NOT NULL DEFAULT 'general',
                is_shared text NOT NULL DEFAULT 'y' CHECK (is_shared IN ('y', 'n')),
                CONSTRAINT expenses_category_check CHECK (category IN ('food', 'transport', 'lodging', 'entertainment', 'general'))
            );
            CREATE TABLE public.payments (
                id uuid PRIMARY KEY,
                expense_id uuid REFERENCES public.expenses (id),
                amount_kind text NOT NULL CHECK (amount_kind IN ('cash', 'card_payment'))
            );

            CREATE OR REPLACE FUNCTION public.notify_expense() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO public.notifications (user_id, type, body) VALUES (NEW.id, 'expenseAdded', 'New expense');
                RETURN NEW;
            END;
            $$;
            """,
        "supabase/migrations/20240401000000_reports_friends.sql": """
            CREATE TABLE public.reports (
                id uuid PRIMARY KEY,
                target_type text NOT NULL,
                target_id uuid NOT NULL,
                CONSTRAINT reports_target_type_check CHECK (target_type IN ('message', 'profile', 'chat_room', 'expense'))
            );
            CREATE TABLE public.friendships (
                user_id uuid NOT NULL,
                friend_id uuid NOT NULL,
                status text NOT NULL CHECK (status IN ('requested', 'accepted', 'blocked'))
            );
            """,
        // The chat-room status grew a value: only the replayed end counts.
        "supabase/migrations/20240501000000_chat_room_deleted.sql": """
            ALTER TABLE public.chat_rooms DROP CONSTRAINT chat_rooms_status_check;
            ALTER TABLE public.chat_rooms ADD CONSTRAINT chat_rooms_status_check
                CHECK (status = ANY (ARRAY['active'::text, 'archived'::text, 'locked'::text, 'deleted'::text]));
            """,
        "Splitly/Models/NotificationType.swift": """
            import Foundation

            enum NotificationType: String, Codable {
                case expenseAdded
                case commentAdded
                case friendRequest
                case settleUp
                case groupInvite

                var icon: String {
                    switch self {
                    case .expenseAdded: return "creditcard"
                    case .commentAdded: return "text.bubble"
                    case .friendRequest: return "person.badge.plus"
                    case .settleUp: return "checkmark.seal"
                    case .groupInvite: return "person.3"
                    }
                }
            }
            """,
        "Splitly/Models/ChatRoom.swift": """
            import Foundation

            struct ChatRoom: Codable, Identifiable {
                let id: UUID
                var name: String
                var status: ChatRoomStatus
            }

            enum ChatRoomStatus: String, Codable, CaseIterable {
                case active, archived, locked, deleted
            }
            """,
        "Splitly/Models/Invite.swift": """
            import Foundation

            enum InviteStatus: String, Codable, CaseIterable {
                case pending
                case sent
                case opened
                case accepted
                case declined
                case expired
                case revoked
            }

            struct Invite: Codable {
                let id: UUID
                var status: InviteStatus
            }
            """,
        "Splitly/Models/MediaAsset.swift": """
            import Foundation

            enum MediaKind: String, Codable {
                case photo
                case video
                case voiceNote = "voice_note"
            }

            enum MediaAssetStatus: String, Codable {
                case uploading, ready, viewed, failed
                case unknown

                init(from decoder: Decoder) throws {
                    let raw = try decoder.singleValueContainer().decode(String.self)
                    self = MediaAssetStatus(rawValue: raw) ?? .unknown
                }
            }
            """,
        "Splitly/Models/Profile.swift": """
            import Foundation

            enum Plan: String, Codable {
                case free
                case plus
                case family
            }

            struct Profile: Codable {
                let id: UUID
                var displayName: String
                var plan: Plan
            }
            """,
        "Splitly/Models/Expense.swift": """
            import Foundation

            struct Expense: Codable, Identifiable {
                let id: UUID
                var amount: Decimal
                var category: Category

                enum Category: String, Codable, CaseIterable {
                    case food
                    case transport
                    case lodging
                    case entertainment
                    case general
                }
            }
            """,
        "Splitly/Diagnostics/AppDiagnostics.swift": """
            enum AppDiagnostics {
                enum Category: String {
                    case network
                    case database
                    case ui
                    case general
                }

                static func log(_ category: Category, _ message: String) {
                    print("[\\(category.rawValue)] \\(message)")
                }
            }
            """,
        "Splitly/Views/Tab.swift": """
            enum Tab: String {
                case home, settings
            }
            """,
        "Splitly/Services/InviteService.swift": """
            import Foundation
            import Supabase

            struct InviteService {
                let client: SupabaseClient

                func revoke(_ id: UUID) async throws {
                    try await client.from("invites").update(["status": "revoked"]).eq("id", value: id).execute()
                }
            }
            """,
        "supabase/functions/_shared/types.ts": """
            export type ReportTarget =
              | 'message'
              | 'profile'
              | 'chat_room'
              | 'expense';

            export type Mood = 'happy' | 'grumpy';

            export const CHAT_ROOM_STATUS = {
              ACTIVE: 'active',
              ARCHIVED: 'archived',
              LOCKED: 'locked',
            } as const;
            """,
        "supabase/functions/notify/index.ts": """
            import { createClient } from 'npm:@supabase/supabase-js@2';

            const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);

            Deno.serve(async (req) => {
              const { userId, kind } = await req.json();
              const type = kind === 'comment' ? 'commentAdded' : 'expenseAdded';
              await supabase.from('notifications').insert({ user_id: userId, type, body: null });
              await supabase.from('invites').update({ status: 'expired' }).eq('status', 'pending');
              const { data: media } = await supabase.from('media_assets').select('id, status');
              for (const m of media ?? []) {
                if (m.status === 'viewed') console.log(m.id);
              }
              return new Response('ok');
            });
            """,
        "supabase/functions/friends/index.ts": """
            import { createClient } from 'npm:@supabase/supabase-js@2';
            import type { ReportTarget, Mood } from '../_shared/types.ts';

            const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);

            export async function accept(userId: string, friendId: string) {
              await supabase.from('friendships').update({ status: 'accepted' })
                .eq('user_id', friendId).eq('friend_id', userId).eq('status', 'requested');
            }

            export async function report(target: ReportTarget, id: string, mood: Mood) {
              await supabase.from('reports').insert({ target_type: target, target_id: id });
            }
            """,
    ]
}
