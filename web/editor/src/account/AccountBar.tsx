import { useCallback, useEffect, useState } from "react";
import { useScreenServices } from "../screen-services.js";
import {
  type AccountInfo,
  fetchAccountInfo,
  fetchLedger,
  type LedgerEntry,
  openBillingPortal,
  type Product,
  startCheckout,
} from "./api.js";
import { dayText, fill, isVipPlan, ledgerKindLabel, planLabel, priceText, renewalProduct } from "./model.js";
import "./account.css";

export type Panel = "none" | "points" | "vip" | "ledger";

/**
 * The user's info bar (spec 001 §2): plan, points, VIP expiry and remaining days, renew, buy points, buy VIP, and
 * the ledger with its receipts. Buying goes to the payment provider's checkout; the provider's webhook credits the
 * account on the server, and the provider sends the user back with `?payment=done` (or `cancelled`).
 */
export function AccountBar({
  opened = "none",
}: {
  /** The panel open at first (the upload screen's buy offer opens the points packs). */
  opened?: Panel;
}) {
  const { labels, notify, report, lang } = useScreenServices();
  const [info, setInfo] = useState<AccountInfo | null>(null);
  const [ledger, setLedger] = useState<LedgerEntry[] | null>(null);
  const [panel, setPanel] = useState<Panel>(opened);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchAccountInfo().then(setInfo, report);
  }, [report]);

  useEffect(() => {
    load();
    const outcome = new URLSearchParams(window.location.search).get("payment");
    if (outcome === "done") notify(labels.accountPaymentDone);
    if (outcome === "cancelled") notify(labels.accountPaymentCancelled);
    if (outcome !== "done") return;
    // The provider's webhook may arrive just after the user is back: look again a moment later.
    const again = window.setTimeout(load, 3_000);
    return () => window.clearTimeout(again);
  }, [load, notify, labels.accountPaymentDone, labels.accountPaymentCancelled]);

  const go = (open: () => Promise<string>) => {
    setBusy(true);
    open().then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        setBusy(false);
        report(error);
      },
    );
  };
  const buy = (product: Product) => go(() => startCheckout(product.id));
  const toggle = (next: Panel) => {
    setPanel((current) => (current === next ? "none" : next));
    if (next === "ledger") fetchLedger().then(setLedger, report);
  };

  if (!info) return null;
  const vip = isVipPlan(info.plan);
  const renewal = renewalProduct(info.plan, info.products);
  const packs = info.products.filter((product) => product.kind === "points");
  const vipProducts = info.products.filter((product) => product.kind === "vip");

  return (
    <section className="account-bar" aria-label={labels.accountBar} data-testid="account-bar">
      <dl className="account-facts">
        <div>
          <dt>{labels.accountPlan}</dt>
          <dd data-testid="account-plan">{planLabel(info.plan, labels)}</dd>
        </div>
        <div>
          <dt>{labels.accountPoints}</dt>
          <dd data-testid="account-points">{info.points}</dd>
        </div>
        {vip && info.vipExpiresAt ? (
          <div>
            <dt>{labels.accountExpiry}</dt>
            <dd data-testid="account-expiry">
              {dayText(info.vipExpiresAt, lang)}
              {info.autoRenew ? <span className="account-note"> · {labels.accountAutoRenew}</span> : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dd data-testid="account-remaining">{fill(labels.accountRemaining, { days: info.remainingDays })}</dd>
        </div>
      </dl>
      <div className="account-actions">
        {vip ? (
          <button
            type="button"
            disabled={busy || (!info.hasBilling && !renewal)}
            onClick={() => (info.hasBilling ? go(openBillingPortal) : renewal ? buy(renewal) : undefined)}
          >
            {info.hasBilling ? labels.accountManage : labels.accountRenew}
          </button>
        ) : null}
        <button type="button" aria-expanded={panel === "points"} onClick={() => toggle("points")}>
          {labels.accountBuyPoints}
        </button>
        <button type="button" aria-expanded={panel === "vip"} onClick={() => toggle("vip")}>
          {labels.accountBuyVip}
        </button>
        <button type="button" aria-expanded={panel === "ledger"} onClick={() => toggle("ledger")}>
          {labels.accountLedger}
        </button>
      </div>
      {info.billingState === "past_due" ? (
        <p className="account-warning" role="alert">
          {labels.accountPastDue}
        </p>
      ) : null}
      {info.suspendedBooks > 0 ? (
        <p className="account-warning">{fill(labels.accountSuspended, { count: info.suspendedBooks })}</p>
      ) : null}
      {panel === "points" || panel === "vip" ? (
        <ul className="account-products" data-testid="account-products">
          {(panel === "points" ? packs : vipProducts).map((product) => (
            <li key={product.id}>
              <button type="button" disabled={busy} data-product={product.id} onClick={() => buy(product)}>
                <span>
                  {product.kind === "points"
                    ? fill(labels.accountPack, { points: product.points })
                    : product.months === 12
                      ? labels.accountPlanVipAnnual
                      : labels.accountPlanVipMonthly}
                </span>
                <strong>
                  {priceText(product.amount, product.currency, lang)}
                  {product.kind === "vip"
                    ? ` ${product.months === 12 ? labels.accountPerYear : labels.accountPerMonth}`
                    : ""}
                </strong>
                {product.kind === "points" && product.discountPercent > 0 ? (
                  <em>{fill(labels.accountDiscount, { percent: product.discountPercent })}</em>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {panel === "ledger" ? (
        <div className="account-ledger" data-testid="account-ledger">
          {ledger && ledger.length === 0 ? <p>{labels.accountLedgerEmpty}</p> : null}
          {ledger && ledger.length > 0 ? (
            <table>
              <tbody>
                {ledger.map((entry) => (
                  <tr key={entry.id} data-kind={entry.kind}>
                    <td>{entry.at ? dayText(entry.at, lang) : ""}</td>
                    <td>{ledgerKindLabel(entry.kind, labels)}</td>
                    <td className="account-delta">
                      {entry.pointsDelta > 0
                        ? `+${entry.pointsDelta}`
                        : entry.pointsDelta !== 0
                          ? entry.pointsDelta
                          : ""}
                    </td>
                    <td>{entry.amount !== 0 ? priceText(entry.amount, entry.currency || "usd", lang) : ""}</td>
                    <td>
                      {entry.receiptUrl ? (
                        <a href={entry.receiptUrl} target="_blank" rel="noreferrer noopener">
                          {labels.accountReceipt}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
