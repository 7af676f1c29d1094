// Sends the queued notifications; their kinds come from the database.
export function describe(count: number): string {
  return `${count} queued`;
}
