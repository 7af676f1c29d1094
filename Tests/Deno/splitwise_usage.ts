// Compiles only if the generated shared enums of the splitwise fixture are typed as edge functions use them: a
// union per enum, its values array or const object, and the guards.
import {
  CHAT_ROOM_STATUS_VALUES,
  type ChatRoomStatus,
  isChatRoomStatus,
} from "../Golden/splitwise-chat-app/typescript/chatRoomStatus.ts";
import {
  type ExpenseCategory,
  parseExpenseCategory,
} from "../Golden/splitwise-chat-app/typescript/expenseCategory.ts";
import {
  MEDIA_ASSET_STATUSES,
  type MediaAssetStatus,
  parseMediaAssetStatus,
} from "../Golden/splitwise-chat-app/typescript/mediaAssetStatus.ts";
import { type MemberRole } from "../Golden/splitwise-chat-app/typescript/memberRole.ts";
import {
  REPORT_TARGET_TYPES,
  type ReportTargetType,
} from "../Golden/splitwise-chat-app/typescript/reportTargetType.ts";

const archived: ChatRoomStatus = "archived";
const everyStatus: readonly ChatRoomStatus[] = CHAT_ROOM_STATUS_VALUES;
const fromRow: unknown = "locked";
const status: ChatRoomStatus | null = isChatRoomStatus(fromRow)
  ? fromRow
  : null;
const category: ExpenseCategory = parseExpenseCategory("groceries");
const ready: MediaAssetStatus = MEDIA_ASSET_STATUSES.READY;
const failed: MediaAssetStatus = parseMediaAssetStatus(42);
const role: MemberRole = "guest";
const target: ReportTargetType = REPORT_TARGET_TYPES.CHAT_ROOM;

console.log(
  archived,
  everyStatus.length,
  status,
  category,
  ready,
  failed,
  role,
  target,
);
