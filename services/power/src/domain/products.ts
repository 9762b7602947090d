/**
 * What Turnleaf sells (spec 001 §9): points (1 point = US$1.00 by default; larger packs discounted) and VIP monthly
 * (US$9.99) or yearly (US$99.00). The numbers come from configuration (config.ts ← Helm values `payments.*`);
 * this module only shapes and checks them.
 */
export interface PointsProduct {
  id: string;
  kind: "points";
  points: number;
  /** Percent off points × the point price. */
  discountPercent: number;
  amount: number;
  currency: string;
}

export interface VipProduct {
  id: "vip-monthly" | "vip-yearly";
  kind: "vip";
  months: 1 | 12;
  amount: number;
  currency: string;
}

export type Product = PointsProduct | VipProduct;

export interface PriceSettings {
  currency: string;
  /** One point's price in the currency's smallest unit (cents). */
  pointPrice: number;
  /** "points:discount%" pairs, e.g. "10:0,50:10,100:20". */
  pointPacks: string;
  vipMonthlyPrice: number;
  vipYearlyPrice: number;
}

/** Parses "10:0,50:10" into packs; throws with the offending entry (config.ts reports it at start). */
export function parsePointPacks(text: string): { points: number; discountPercent: number }[] {
  const packs = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const match = /^(\d{1,6})(?::(\d{1,2}))?$/.exec(entry);
      if (!match) throw new Error(`point pack "${entry}": expected points[:discount%]`);
      const points = Number(match[1]);
      const discountPercent = Number(match[2] ?? "0");
      if (points < 1) throw new Error(`point pack "${entry}": at least 1 point`);
      return { points, discountPercent };
    });
  if (packs.length === 0) throw new Error("no point packs");
  return packs;
}

/** The catalogue on sale, in the order shown: point packs by size, then VIP monthly and yearly. */
export function productCatalogue(settings: PriceSettings): Product[] {
  const packs = parsePointPacks(settings.pointPacks).sort((a, b) => a.points - b.points);
  return [
    ...packs.map(
      (pack): PointsProduct => ({
        id: `points-${pack.points}`,
        kind: "points",
        points: pack.points,
        discountPercent: pack.discountPercent,
        amount: Math.round((pack.points * settings.pointPrice * (100 - pack.discountPercent)) / 100),
        currency: settings.currency,
      }),
    ),
    { id: "vip-monthly", kind: "vip", months: 1, amount: settings.vipMonthlyPrice, currency: settings.currency },
    { id: "vip-yearly", kind: "vip", months: 12, amount: settings.vipYearlyPrice, currency: settings.currency },
  ];
}

export const defaultPriceSettings: PriceSettings = {
  currency: "usd",
  pointPrice: 100,
  pointPacks: "10:0,50:10,100:20",
  vipMonthlyPrice: 999,
  vipYearlyPrice: 9900,
};
