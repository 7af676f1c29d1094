// Row types the edge functions share. The Swift app has its own enums; these mirror the database.

export type ChatRoomStatus = "active" | "archived" | "locked" | "deleted";

export type InviteStatus = "pending" | "sent" | "opened" | "accepted" | "declined" | "expired" | "revoked";

export type MemberRole = "owner" | "admin" | "member" | "guest";

export const MEDIA_ASSET_STATUSES = {
  UPLOADING: "uploading",
  PROCESSING: "processing",
  READY: "ready",
  VIEWED: "viewed",
  FAILED: "failed",
} as const;

export type MediaAssetStatus = (typeof MEDIA_ASSET_STATUSES)[keyof typeof MEDIA_ASSET_STATUSES];

export type ExpenseCategory = "food" | "transport" | "housing" | "utilities" | "entertainment" | "other";

/** Rows of any of the tables with a `status` column, as the admin helpers see them. */
export interface StatusRow {
  id: string;
  status: string;
}

/** Needs a moderator's look: an invite nobody answered, an upload that failed. */
export function needsAttention(row: StatusRow): boolean {
  return row.status === "pending" || row.status === "failed";
}
