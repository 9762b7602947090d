import { type BrandSlot, readerBrand } from "../brands/brands.js";
import { emptyLoader } from "../loader/loader-settings.js";
import type { BackgroundPosition, ButtonName, LoaderSettings, Margins, ReaderSettings } from "./types.js";
import { asBoolean, asColour, asNumber, asNumberWithin, asObject } from "./values.js";

/**
 * The editor's htmlConfig keys (spec 000 §3/§4 names where the spec gives them, the settings tree's names for the
 * rest) as reader settings. Each handler answers the settings after one key's value, or undefined when the value
 * cannot be read (the setting then stays as it was). Values arrive as the editor sends them: strings for nearly
 * everything, "Show"/"Yes"/"true"/"1" for booleans, JSON text for nested ones.
 */
export type Handler = (settings: ReaderSettings, value: unknown) => ReaderSettings | undefined;

export const set =
  <K extends keyof ReaderSettings>(key: K, read: (value: unknown) => ReaderSettings[K] | undefined): Handler =>
  (settings, value) => {
    const next = read(value);
    return next === undefined ? undefined : { ...settings, [key]: next };
  };

/** A field of an object setting that may still be null: created from `empty` on first use. */
export const setIn =
  <K extends "logo" | "backgroundImage" | "loader" | "phone">(
    key: K,
    empty: NonNullable<ReaderSettings[K]>,
    apply: (current: NonNullable<ReaderSettings[K]>, value: unknown) => NonNullable<ReaderSettings[K]> | undefined,
    /** The object goes away when this says it is empty (no logo picture, no background picture). */
    isEmpty: (object: NonNullable<ReaderSettings[K]>) => boolean = () => false,
  ): Handler =>
  (settings, value) => {
    const next = apply((settings[key] ?? empty) as NonNullable<ReaderSettings[K]>, value);
    if (next === undefined) return undefined;
    return { ...settings, [key]: isEmpty(next) ? null : next };
  };

export const button =
  (name: ButtonName): Handler =>
  (settings, value) => ({ ...settings, buttons: { ...settings.buttons, [name]: asBoolean(value) } });

export const margin =
  (which: "margins" | "mobileMargins", side: keyof Margins): Handler =>
  (settings, value) => {
    const number = asNumber(value);
    if (number === undefined) return undefined;
    return { ...settings, [which]: { ...settings[which], [side]: Math.round(number) } };
  };

export const miniSide =
  (side: "maxWidth" | "maxHeight"): Handler =>
  (settings, value) => {
    const size = asNumberWithin(100, 4000)(value);
    if (size === undefined) return undefined;
    if (!settings.mini) return settings;
    return { ...settings, mini: { ...settings.mini, [side]: size } };
  };

export const emptyLogo: NonNullable<ReaderSettings["logo"]> = { url: "", link: "", height: 40 };
export const emptyBackground: NonNullable<ReaderSettings["backgroundImage"]> = {
  url: "",
  position: "fill",
  opacity: 1,
};
export const emptyPhone: NonNullable<ReaderSettings["phone"]> = { single: "", multiple: [], useMultiple: false };

export const loaderField =
  <F extends keyof LoaderSettings>(field: F, read: (value: unknown) => LoaderSettings[F] | undefined): Handler =>
  (settings, value) => {
    const next = read(value);
    if (next === undefined) return undefined;
    const loader = { ...(settings.loader ?? emptyLoader), [field]: next };
    return { ...settings, loader };
  };

export const positions: Record<string, BackgroundPosition> = {
  stretch: "stretch",
  fit: "fit",
  fill: "fill",
  center: "center",
  centre: "center",
  tile: "tile",
  top: "top",
  bottom: "bottom",
};

/** Gradient angles the catalogue offers: 30, 60, 90 or 180 degrees (anything else snaps to the nearest). */
export function gradientAngle(value: unknown): number | undefined {
  const number = asNumber(value);
  if (number === undefined) return undefined;
  return [30, 60, 90, 180].reduce((best, angle) => (Math.abs(angle - number) < Math.abs(best - number) ? angle : best));
}

export const gradient =
  (field: "colorA" | "colorB" | "angle"): Handler =>
  (settings, value) => {
    const next = field === "angle" ? gradientAngle(value) : asColour(value);
    if (next === undefined) return undefined;
    const current = settings.backgroundGradient ?? {
      colorA: settings.backgroundColor,
      colorB: settings.backgroundColor,
      angle: 90,
    };
    return { ...settings, backgroundGradient: { ...current, [field]: next } };
  };

/** Phone numbers: `[{label, number}]` (JSON or an array), anything without a number dropped. */
export function phoneList(value: unknown): { label: string; number: string }[] | undefined {
  const parsed = asObject(value);
  if (parsed === null) return [];
  if (!Array.isArray(parsed)) return undefined;
  return parsed.flatMap((entry) => {
    if (!entry || typeof entry !== "object") return [];
    const { label, number } = entry as Record<string, unknown>;
    return typeof number === "string" || typeof number === "number"
      ? [{ label: String(label ?? ""), number: String(number) }]
      : [];
  });
}

export const text = (value: unknown) => String(value ?? "");

/** A brand slot (the brand kinds of spec 001): the served brand object, or none. */
export const brandHandler =
  (slot: BrandSlot): Handler =>
  (settings, value) => {
    const brand = readerBrand(asObject(value));
    if (brand === undefined) return undefined;
    const brands = { ...settings.brands };
    if (brand) brands[slot] = brand;
    else delete brands[slot];
    return { ...settings, brands };
  };
