import { asColour, asUrl } from "../settings/values.js";
import type { CardField, CardStyle, ReaderCard } from "./types.js";

export type { CardField, CardStyle, ReaderCard } from "./types.js";

/** The style a card is drawn in when the styles file cannot be read (the offline reader has none). */
export const fallbackCardStyle: CardStyle = {
  id: "classic",
  fields: ["avatar", "name", "jobTitle", "company", "phone", "email", "address", "website"],
  colors: { background: "#ffffff", text: "#212529", accent: "#1e6091" },
  layout: "left",
};

const cardFields = new Set<CardField>([
  "avatar",
  "name",
  "jobTitle",
  "company",
  "phone",
  "email",
  "address",
  "website",
]);

const short = (value: unknown, length = 500) => (typeof value === "string" ? value.trim().slice(0, length) : "");

/** A served card; null for none, or for anything that is not a card with a name. */
export function readerCard(value: unknown): ReaderCard | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const card: ReaderCard = {
    name: short(fields.name),
    title: short(fields.title),
    company: short(fields.company),
    phone: short(fields.phone, 40),
    email: short(fields.email, 320),
    website: asUrl(short(fields.website, 2048)) ?? "",
    address: short(fields.address),
    avatar: asUrl(short(fields.avatar, 2048)) ?? "",
    desc: short(fields.desc),
  };
  return card.name ? card : null;
}

/** The style of a styles file by id (its default, then the built-in one, when the id is unknown). */
export function cardStyleOf(file: unknown, id: string): CardStyle {
  if (!file || typeof file !== "object") return fallbackCardStyle;
  const { items, defaultId } = file as { items?: unknown; defaultId?: unknown };
  if (!Array.isArray(items)) return fallbackCardStyle;
  const pick = (wanted: unknown) =>
    items.find((item) => item && typeof item === "object" && (item as { id?: unknown }).id === wanted) as
      | Record<string, unknown>
      | undefined;
  const raw = pick(id) ?? pick(defaultId);
  if (!raw) return fallbackCardStyle;
  const colors = (raw.colors ?? {}) as Record<string, unknown>;
  const fields = Array.isArray(raw.fields)
    ? raw.fields.filter((field): field is CardField => cardFields.has(field as CardField))
    : fallbackCardStyle.fields;
  const layout = raw.layout === "center" || raw.layout === "split" ? raw.layout : "left";
  return {
    id: String(raw.id),
    fields: fields.length > 0 ? fields : fallbackCardStyle.fields,
    colors: {
      background: asColour(colors.background) ?? fallbackCardStyle.colors.background,
      text: asColour(colors.text) ?? fallbackCardStyle.colors.text,
      accent: asColour(colors.accent) ?? fallbackCardStyle.colors.accent,
    },
    layout,
  };
}

/** A telephone link's number: digits and a leading plus only. */
export const dialNumber = (phone: string) => phone.replace(/[^0-9+]/g, "");
