/**
 * turnleaf account: the signed-in user's plan, points, VIP expiry, remaining days and ledger (spec 001 §2, §9), from
 * the gateway's GET /api/account/info and /api/account/ledger. Buying happens in the browser: the line printed last
 * is where.
 */
import { Cloud } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError } from "./errors.js";
import { text } from "./i18n/text.js";
import type { CliTextKey } from "./i18n/texts/index.js";

interface AccountInfo {
  plan: "free" | "points" | "vip-monthly" | "vip-annual";
  points: number;
  vipExpiresAt: string | null;
  remainingDays: number;
  hostedBooks: number;
  suspendedBooks: number;
  autoRenew: boolean;
  billingState: string;
}

interface LedgerEntry {
  kind: string;
  pointsDelta: number;
  amount: number;
  currency: string;
  receiptUrl: string;
  detail: string;
  at: string | null;
}

const planKeys: Record<AccountInfo["plan"], CliTextKey> = {
  free: "accountPlanFree",
  points: "accountPlanPoints",
  "vip-monthly": "accountPlanVipMonthly",
  "vip-annual": "accountPlanVipAnnual",
};

const kindKeys: Record<string, CliTextKey> = {
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

function money(amount: number, currency: string, language: string): string {
  if (amount === 0) return "";
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency: (currency || "usd").toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export async function account(
  context: Context,
  options: { server: string | undefined; limit: string | undefined; json: boolean },
): Promise<void> {
  const cloud = await Cloud.open(context, options.server);
  if (!cloud.loggedIn) throw new CliError(text("loginTimeout"), 77);
  const limit = options.limit && /^\d{1,3}$/.test(options.limit) ? options.limit : "20";
  const info = (await cloud.envelope<AccountInfo>(await cloud.fetch("/api/account/info"))).data;
  const { entries } = (
    await cloud.envelope<{ entries: LedgerEntry[] }>(await cloud.fetch(`/api/account/ledger?limit=${limit}`))
  ).data;
  if (options.json) {
    context.print(JSON.stringify({ ...info, ledger: entries }));
    return;
  }
  const { t } = context;
  const vip = info.plan === "vip-monthly" || info.plan === "vip-annual";
  context.print(t("accountPlanLine", { plan: t(planKeys[info.plan] ?? "accountPlanFree") }));
  context.print(t("accountPointsLine", { points: info.points }));
  if (vip && info.vipExpiresAt) {
    const date = info.vipExpiresAt.slice(0, 10);
    context.print(`${t("accountExpiryLine", { date })}${info.autoRenew ? ` (${t("accountAutoRenew")})` : ""}`);
  }
  context.print(t("accountRemainingLine", { days: info.remainingDays }));
  context.print(t("accountHostedLine", { count: info.hostedBooks, suspended: info.suspendedBooks }));
  if (info.billingState === "past_due") context.print(t("accountPastDue"));
  context.print(t("accountLedgerTitle"));
  if (entries.length === 0) context.print(`  ${t("accountLedgerEmpty")}`);
  for (const entry of entries) {
    const kind = kindKeys[entry.kind];
    const delta = entry.pointsDelta > 0 ? `+${entry.pointsDelta}` : entry.pointsDelta < 0 ? `${entry.pointsDelta}` : "";
    const cells = [
      (entry.at ?? "").slice(0, 10),
      kind ? t(kind) : entry.kind,
      delta,
      money(entry.amount, entry.currency, context.language),
      entry.receiptUrl ? t("accountReceiptLink", { url: entry.receiptUrl }) : "",
    ];
    context.print(`  ${cells.filter((cell) => cell !== "").join("  ")}`);
  }
  context.print(t("accountBuyLine", { url: `${cloud.server}/book_edit2/bookcase` }));
}
