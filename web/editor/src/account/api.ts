import { call, type Envelope, getJson, networkFailure, settle } from "../api.js";

/** What is on sale (the power service's configuration). */
export interface Product {
  id: string;
  kind: "points" | "vip";
  points: number;
  months: number;
  /** Smallest unit of the currency (cents). */
  amount: number;
  currency: string;
  discountPercent: number;
}

export type PlanName = "free" | "points" | "vip-monthly" | "vip-annual";

/** GET /api/account/info (services/gateway/rest/payments.md). */
export interface AccountInfo {
  userId: string;
  plan: PlanName;
  points: number;
  vipExpiresAt: string | null;
  remainingDays: number;
  hostedBooks: number;
  suspendedBooks: number;
  autoRenew: boolean;
  hasBilling: boolean;
  billingState: "" | "past_due";
  products: Product[];
}

export interface LedgerEntry {
  id: string;
  kind: string;
  pointsDelta: number;
  pointsAfter: number;
  planAfter: PlanName;
  vipExpiresAfter: string | null;
  amount: number;
  currency: string;
  receiptUrl: string;
  source: string;
  detail: string;
  at: string | null;
}

async function getEnvelope<T>(path: string): Promise<T> {
  const reply = await getJson<Envelope<T>>(path);
  if (!reply) throw networkFailure();
  const outcome = settle(reply);
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}

export const fetchAccountInfo = () => getEnvelope<AccountInfo>("/api/account/info");

export const fetchLedger = async () => (await getEnvelope<{ entries: LedgerEntry[] }>("/api/account/ledger")).entries;

/** A checkout at the payment provider for a product: answers the URL to send the user to. */
export const startCheckout = async (productId: string) =>
  (await call<{ url: string }>("/api/account/checkout", { productId })).url;

/** The provider's billing portal (renewal, cancellation, payment method): its URL. */
export const openBillingPortal = async () => (await call<{ url: string }>("/api/account/billing-portal")).url;
