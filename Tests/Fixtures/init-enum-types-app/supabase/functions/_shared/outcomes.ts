// The outcomes a settled bet can have. A voided bet is refunded, never settled: `void` is left out on purpose.
export type SettledOutcome = "home_win" | "away_win" | "draw";

export function payout(outcome: SettledOutcome, stake: number, odds: number): number {
  return outcome === "draw" ? stake : stake * odds;
}
