import { asUrl } from "../settings/values.js";
import type { BrandSlot, ReaderBrand } from "./types.js";

export type { BrandSlot, ReaderBrand } from "./types.js";

/** The htmlConfig key of each slot. */
export const brandKeys: Record<BrandSlot, string> = {
  loading: "loadingBrand",
  toolbar: "toolBarBrand",
  related: "relatedBrand",
};

/** A served brand object; null for none (an empty value), undefined for anything unreadable (ignored). */
export function readerBrand(value: unknown): ReaderBrand | null | undefined {
  if (value === "" || value === null) return null;
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string).slice(0, 200) : "");
  const logo = asUrl(fields.logo) ?? "";
  const link = asUrl(fields.link) ?? "";
  const brand = { title: text("title"), logo, link, desc: text("desc") };
  return brand.title || brand.logo ? brand : null;
}
