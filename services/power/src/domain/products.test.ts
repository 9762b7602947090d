import { describe, expect, it } from "vitest";
import { defaultPriceSettings, parsePointPacks, productCatalogue } from "./products.js";

describe("the products on sale", () => {
  it("prices the spec's defaults: US$1 a point, larger packs discounted, VIP US$9.99 a month or US$99 a year", () => {
    expect(productCatalogue(defaultPriceSettings).map((product) => [product.id, product.amount])).toEqual([
      ["points-10", 1000],
      ["points-50", 4500],
      ["points-100", 8000],
      ["vip-monthly", 999],
      ["vip-yearly", 9900],
    ]);
  });

  it("reads packs from configuration and refuses malformed ones", () => {
    expect(parsePointPacks(" 20, 5:0 ,200:25")).toEqual([
      { points: 20, discountPercent: 0 },
      { points: 5, discountPercent: 0 },
      { points: 200, discountPercent: 25 },
    ]);
    expect(() => parsePointPacks("ten")).toThrow(/ten/);
    expect(() => parsePointPacks("0:5")).toThrow(/at least 1/);
    expect(() => parsePointPacks("")).toThrow(/no point packs/);
    const euro = productCatalogue({ ...defaultPriceSettings, currency: "eur", pointPrice: 90, pointPacks: "5" });
    expect(euro[0]).toMatchObject({ id: "points-5", amount: 450, currency: "eur" });
  });
});
