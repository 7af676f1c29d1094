import ContractsCore

/// Edge functions of an app that shares several enums across its stacks, written the way real ones are: a shared
/// client, `npm:`/`jsr:` imports, JSDoc, comments, regexes, template literals, and three tables with a `status`
/// column of different value sets. `↓` marks each finding expected; every other literal that looks like an enum
/// value is a decoy (a neighbour table's value, a retired value read, a log line, an i18n key, an object key).
enum SharedEnumEdgeFunctions {
    static let registry = RuleExample.baseRegistry + """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: public.chat_room_events, column: new_status }
            values: [active, archived, blocked, deleted]
            retired: [closed]
          MediaAssetStatus:
            typescript_const: MEDIA_STATUS_BY_EVENT
            sql: { table: public.media_assets, column: status }
            values: [pending, uploaded, viewed, failed]
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted, declined, expired]
          ReportTargetType:
            typescript_const: REPORT_TARGETS
            sql: { table: public.reports, column: target_type }
            values: [message, profile, chat_room]
            retired: [ride]
          BillingPlan:
            sql: { table: billing.subscriptions, column: plan }
            values: [free, pro]

        """

    static let files: [String: String] = [
        "supabase/functions/_shared/supabase.ts": """
            // Shared client: every function imports this one.
            import { createClient } from 'npm:@supabase/supabase-js@2.45.0';
            import type { Database } from './database.types.ts';

            export const supabase = createClient<Database>(
              Deno.env.get('SUPABASE_URL')!,
              Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
            );
            """,
        "supabase/functions/chat-moderation/index.ts": """
            import { serve } from 'jsr:@std/http@1/server';
            import { supabase } from '../_shared/supabase.ts';
            import { t } from '../_shared/i18n.ts';

            const STATUS_IN_LOG = /status='(active|closed)'/g; // matches 'closed' in old log lines

            /**
             * Archives idle rooms. A room once 'closed' (retired) is read but never written again.
             * @param idleDays rooms idle this long are archived
             */
            async function archiveIdleRooms(idleDays: number) {
              const { data: rooms, error } = await supabase
                .from('chat_rooms')
                .select('id, status, updated_at')
                .eq('status', 'active');
              if (error) throw error;
              for (const room of rooms ?? []) {
                // Old rows may still say 'closed': reading it is fine.
                if (room?.status !== 'closed' && room.status === ↓'archvied') continue;
                console.log(`room ${room.id} is ${room.status}; viewed ${t('chat.status.viewed')}`);
              }
              // 'viewed' is a media asset's status, never a room's.
              const stale = (rooms ?? []).filter((r) => r.status === ↓'viewed');
              await supabase.from('chat_rooms').update({ status: ↓'closed' }).in('id', stale.map((r) => r.id));
              await supabase
                .from('chat_rooms')
                .update({ status: 'archived', updated_at: new Date().toISOString() })
                .in('status', ['active', 'blocked', ↓'pending']);
              await supabase.from('chat_room_events').insert(
                (rooms ?? []).map((r) => ({ room_id: r.id, new_status: r.status === 'active' ? 'archived' : ↓'removed' })),
              );
            }

            function label(status: string) {
              return { active: 'Active', archived: 'Archived', viewed: 'Seen' }[status] ?? status;
            }

            serve(async (req) => {
              const { roomId } = await req.json();
              const { data: room } = await supabase.from('chat_rooms').select('status').eq('id', roomId).maybeSingle();
              switch (room?.status) {
                case 'active':
                case 'closed':
                  break;
                case ↓'suspended':
                  return new Response(label('archived'), { status: 403 });
              }
              await archiveIdleRooms(30);
              return new Response(JSON.stringify({ ok: true, status: 'done' }));
            });
            """,
        "supabase/functions/media-pipeline/index.ts": """
            import { supabase } from '../_shared/supabase.ts';

            /** Marks an asset viewed, then looks at its room. */
            export async function markViewed(id: string, roomId: string, ok: boolean) {
              const { data: asset } = await supabase.from('media_assets').select('*').eq('id', id).single();
              if (asset?.status === 'viewed') return;            // a MediaAssetStatus, though no ChatRoomStatus
              if (asset!.status === ↓'archived') return;          // a ChatRoomStatus, but this is an asset
              await supabase.from('media_assets').update({ status: ok ? 'uploaded' : ↓'errored' }).eq('id', id);
              await supabase.from('media_assets').select('id').eq('status', 'viewed').neq('status', ↓'active');

              let row = (await supabase.from('media_assets').select('status').eq('id', id).single()).data;
              if (row?.status === 'viewed') console.log('asset seen');
              row = (await supabase.from('chat_rooms').select('status').eq('id', roomId).single()).data;
              if (row?.status === 'archived') console.log('room archived');
              if (row?.status === ↓'uploaded') console.log('never: a room is not uploaded');

              // Reassigned in one branch only: which table it holds is unknown, and both values exist somewhere.
              let current = (await supabase.from('media_assets').select('status').single()).data;
              if (roomId) {
                current = (await supabase.from('chat_rooms').select('status').single()).data;
              }
              if (current?.status === 'viewed' || current?.status === 'archived') return;

              const { data: invites } = await supabase.from('invites').select('id, status');
              const open = invites?.filter(({ status }) => status === 'pending' || status === ↓'opened') ?? [];
              const seen = invites?.map((i) => i.status).filter((s) => s === 'viewed');
              return { open, seen, note: `status ${'viewed'} at ${new Date().toISOString()}` };
            }
            """,
        "supabase/functions/db-webhook/index.ts": """
            import { supabase } from '../_shared/supabase.ts';

            type WebhookPayload = { type: 'INSERT' | 'UPDATE'; table: string; record: { status: string; plan?: string } };

            function isViewed(m: { status: string }) {
              return m.status === 'viewed';                          // a MediaAssetStatus: fine whatever the table
            }

            export async function handle(payload: WebhookPayload, session: { status: string }, job: { status: string }) {
              if (payload.record.status === 'active' || payload.record.status === ↓'actve') return isViewed(payload.record);
              if (session.status === 'complete' || job.status === 'queued') return;   // Stripe and a job queue: not ours
              await supabase.schema('billing').from('subscriptions').update({ plan: ↓'enterprise' }).eq('id', 1);
              await supabase.from('subscriptions').update({ plan: 'enterprise' }).eq('id', 1);  // public.subscriptions: no enum
              await supabase.from('reports').insert([{ target_type: 'chat_room' }, { target_type: ↓'ride' }]);
              await supabase.from('reports').select('id').eq('target_type', 'ride');              // retired: may be read
              const next = 'accepted';
              await supabase.from('invites').update({ status: next }).eq('status', 'pending');
            }
            """,
        "supabase/functions/_shared/contracts.ts": """
            /** Hand-written surfaces: the registry names them (typescript_type / typescript_const). */
            export type ↓InviteStatus = 'pending' | 'accepted' | 'declined';
            export const ↓REPORT_TARGETS = new Set(['message', 'profile', ↓'ride']);
            export const ↓MEDIA_STATUS_BY_EVENT: Record<string, 'pending' | 'uploaded' | 'viewed'> = {
              created: 'pending',
              stored: 'uploaded',
            };
            export type ChatRoomStatus = 'active' | 'archived' | 'blocked' | 'deleted';
            export const closable: ChatRoomStatus[] = ['active', 'archived'];   // a few values: fine
            export const hidden: ChatRoomStatus[] = ['deleted', ↓'banned'];
            // Unrelated strings equal to values: an i18n table, a log line, keys.
            export const LABELS: Record<string, string> = { pending: 'Pending', viewed: 'Seen', ride: 'Ride' };
            console.info('pending invites', `profile ${'ride'}`);
            """,
    ]

    static var example: RuleExample { RuleExample(files, registry: registry) }
}
