import type { BrandKind } from "@turnleaf/resource-files";
import { useEffect, useState } from "react";
import { call } from "../api.js";
import { useScreenServices } from "../screen-services.js";
import { brandsChangedEvent } from "./useDesignResources.js";
import type { OwnBrand } from "./useOwnBrands.js";

type Brand = OwnBrand;

const emptyBrand = { type: "loadingBrand" as BrandKind, title: "", logo: "", link: "", desc: "" };

/** The owner's brands (POST /api/user/brand/get-list, /api/user/brand/create) of spec 001's three kinds. */
export function BrandsPanel() {
  const { labels, notify, report } = useScreenServices();
  const [brands, setBrands] = useState<Brand[] | null>(null);
  const [draft, setDraft] = useState(emptyBrand);
  const kinds: [BrandKind, string][] = [
    ["loadingBrand", labels.brandLoading],
    ["toolBarBrand", labels.brandToolbar],
    ["relatedBrand", labels.brandRelated],
  ];

  useEffect(() => {
    call<{ list: Brand[] }>("/api/user/brand/get-list").then((reply) => setBrands(reply.list), report);
  }, [report]);

  const create = async () => {
    try {
      const brand = await call<Brand>("/api/user/brand/create", draft);
      setBrands([...(brands ?? []), brand]);
      window.dispatchEvent(new Event(brandsChangedEvent));
      setDraft({ ...emptyBrand, type: draft.type });
      notify(labels.saveSuccess);
    } catch (error) {
      report(error);
    }
  };

  return (
    <section className="panel-section" aria-label={labels.brands}>
      <h2 className="panel-title">{labels.brands}</h2>
      {brands?.length === 0 ? <p className="note">{labels.brandsEmpty}</p> : null}
      {kinds.map(([kind, name]) =>
        brands?.some((brand) => brand.type === kind) ? (
          <div key={kind}>
            <h3 className="panel-subtitle">{name}</h3>
            <ul className="brands" aria-label={name}>
              {brands
                .filter((brand) => brand.type === kind)
                .map((brand) => (
                  <li key={brand.brandId}>
                    {brand.logo ? <img src={brand.logo} alt="" width={24} height={24} /> : null}
                    <span>{brand.title || brand.link}</span>
                  </li>
                ))}
            </ul>
          </div>
        ) : null,
      )}
      <label className="field">
        <span>{labels.brandAdd}</span>
        <select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as BrandKind })}>
          {kinds.map(([kind, name]) => (
            <option key={kind} value={kind}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {(
        [
          ["title", labels.entryTitle],
          ["logo", labels.aboutLogo],
          ["link", labels.adLink],
          ["desc", labels.description],
        ] as const
      ).map(([field, name]) => (
        <label className="field" key={field}>
          <span>{name}</span>
          <input
            aria-label={`${labels.brands} ${name}`}
            value={draft[field]}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          />
        </label>
      ))}
      <div className="actions">
        <button type="button" className="primary" onClick={create}>
          {labels.brandAdd}
        </button>
      </div>
    </section>
  );
}
