import type { BrandKind } from "@turnleaf/resource-files";
import { useEffect, useState } from "react";
import { call } from "../api.js";
import type { Report } from "../types.js";
import { brandKindsInOrder } from "./resources.js";
import { brandsChangedEvent } from "./useDesignResources.js";

/** One of the owner's brands as get-list answers it. */
export interface OwnBrand {
  brandId: string;
  type: BrandKind;
  title: string;
  logo: string;
  link: string;
  desc: string;
}

/** The owner's brands, asked again whenever one is added (the brands panel says so). */
export function useOwnBrands(report: Report): OwnBrand[] {
  const [brands, setBrands] = useState<OwnBrand[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      call<{ list: OwnBrand[] }>("/api/user/brand/get-list").then((reply) => {
        if (live) setBrands(reply.list);
      }, report);
    load();
    window.addEventListener(brandsChangedEvent, load);
    return () => {
      live = false;
      window.removeEventListener(brandsChangedEvent, load);
    };
  }, [report]);
  return brands;
}

const isBrandKind = (key: string): key is BrandKind => (brandKindsInOrder as string[]).includes(key);

/**
 * What the preview frame is sent for a brand setting: the brand itself, as readers are served it (`book.json`), in
 * place of its id; "" (none) for an empty choice. An id not (yet) among the owner's brands is sent as it is, which
 * the reader ignores, keeping what it shows.
 */
export function previewBrandValue(key: string, value: unknown, brands: OwnBrand[]): unknown {
  if (!isBrandKind(key)) return value;
  if (value === "" || value === null || value === undefined) return "";
  const brand = brands.find((candidate) => candidate.brandId === value && candidate.type === key);
  if (!brand) return value;
  return { brandId: brand.brandId, title: brand.title, logo: brand.logo, link: brand.link, desc: brand.desc };
}
