import { randomUUID } from "node:crypto";
import type { LedgerDocument } from "../data/ledger.schema.js";
import type { LedgerKind } from "./payment-events.js";
import type { Plan } from "./plans.js";

let lastOrder = 0;
/** Strictly increasing within the process, near the real time in microseconds across processes. */
function nextOrder(): number {
  lastOrder = Math.max(Date.now() * 1000, lastOrder + 1);
  return lastOrder;
}

/** A ledger entry of a change from `before` to `after` (ids given, or drawn). */
export function ledgerEntry(
  account: string,
  id: string | undefined,
  kind: LedgerKind,
  before: Plan,
  after: Plan,
  at: Date,
  extra: Partial<LedgerDocument> = {},
): LedgerDocument {
  return {
    _id: id ?? `${kind}:${randomUUID()}`,
    account,
    kind,
    pointsDelta: after.points - before.points,
    pointsAfter: after.points,
    planAfter: after.kind,
    vipExpiresAfter: after.vipExpiresAt,
    amount: 0,
    currency: "",
    receiptUrl: "",
    source: "system",
    detail: "",
    paymentRef: "",
    units: 0,
    reversed: false,
    at,
    order: nextOrder(),
    ...extra,
  };
}
