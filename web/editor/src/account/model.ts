import type { Labels } from "../labels.js";
import type { PlanName, Product } from "./api.js";

/** The plan's name in the interface language. */
export function planLabel(plan: PlanName, labels: Labels): string {
  if (plan === "vip-monthly") return labels.accountPlanVipMonthly;
  if (plan === "vip-annual") return labels.accountPlanVipAnnual;
  if (plan === "points") return labels.accountPlanPoints;
  return labels.accountPlanFree;
}

const kindKeys: Record<string, keyof Labels> = {
  "free-points": "accountKindFreePoints",
  "purchase-points": "accountKindPurchasePoints",
  "purchase-vip": "accountKindPurchaseVip",
  "renew-vip": "accountKindRenewVip",
  refund: "accountKindRefund",
  chargeback: "accountKindChargeback",
  "hosting-charge": "accountKindHostingCharge",
  "renewal-failed": "accountKindRenewalFailed",
  "subscription-ended": "accountKindSubscriptionEnded",
  "set-plan": "accountKindSetPlan",
};

/** A ledger entry's kind in the interface language (the kind itself for one this editor does not know). */
export function ledgerKindLabel(kind: string, labels: Labels): string {
  const key = kindKeys[kind];
  return key ? labels[key] : kind;
}

/** A price in the interface language's notation, e.g. "US$9.99" / "9.99 US$". */
export function priceText(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A day in the interface language (the time zone of the viewer). */
export function dayText(iso: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export const isVipPlan = (plan: PlanName) => plan === "vip-monthly" || plan === "vip-annual";

/** The VIP product a renewal buys again: the plan's own period. */
export function renewalProduct(plan: PlanName, products: readonly Product[]): Product | undefined {
  return products.find((product) => product.id === (plan === "vip-annual" ? "vip-yearly" : "vip-monthly"));
}
