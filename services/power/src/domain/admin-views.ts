import type { BillingDocument } from "../data/billing.schema.js";
import type { LedgerDocument } from "../data/ledger.schema.js";
import type { PlanDocument } from "../data/plan.schema.js";

const day = (date: Date | null | undefined) => (date ? new Date(date).toISOString().slice(0, 10) : "");
const money = (amount: number, currency: string) =>
  amount === 0 ? "" : `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Rows of text, columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The operators' list of plans: account, plan, points, VIP end. */
export function formatPlans(plans: readonly PlanDocument[]): string {
  return table([
    ["account", "plan", "points", "vip until", "updated"],
    ...plans.map((plan) => [plan._id, plan.kind, String(plan.points), day(plan.vipExpiresAt), day(plan.updatedAt)]),
  ]);
}

/** One user's plan, billing and ledger for an operator. */
export function formatLedger(input: {
  userId: string;
  email: string;
  plan: PlanDocument | null;
  billing: BillingDocument | null;
  hostedBooks: number;
  entries: readonly LedgerDocument[];
}): string {
  const { plan, billing } = input;
  const head = [
    `user ${input.userId} <${input.email}>`,
    `plan ${plan?.kind ?? "(none yet)"}, ${plan?.points ?? 0} points${plan?.vipExpiresAt ? `, VIP until ${plan.vipExpiresAt.toISOString()}` : ""}, ${input.hostedBooks} hosted books`,
    billing
      ? `stripe customer ${billing.customerId || "-"}, subscription ${billing.subscriptionId || "-"}${billing.state ? ` (${billing.state})` : ""}`
      : "no provider customer",
    "",
  ];
  const rows = [
    ["at", "kind", "points", "after", "plan", "money", "source", "detail", "receipt"],
    ...input.entries.map((entry) => [
      new Date(entry.at).toISOString().replace(".000Z", "Z"),
      entry.kind,
      entry.pointsDelta > 0 ? `+${entry.pointsDelta}` : String(entry.pointsDelta),
      String(entry.pointsAfter),
      entry.planAfter,
      money(entry.amount, entry.currency),
      entry.source,
      entry.detail,
      entry.receiptUrl,
    ]),
  ];
  return [...head, input.entries.length > 0 ? table(rows) : "(no ledger entries)"].join("\n");
}
