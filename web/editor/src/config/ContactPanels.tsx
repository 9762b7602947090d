import { useId, useState } from "react";
import { Check } from "../common/Check.js";
import { NumberField } from "../common/NumberField.js";
import { useUnsavedMark } from "../common/unsaved-guard.js";
import { useScreenServices } from "../screen-services.js";
import type { Catalogue } from "../settings/catalogue.js";
import { FileSetting } from "../settings/FileSetting.js";
import { type AboutInfo, type InfoItemType, infoItemTypes, parseAbout, serializeAbout } from "./about-info.js";

interface PhoneRow {
  label: string;
  number: string;
}

interface Ad {
  image: string;
  link: string;
}

interface AdConfig {
  haveAd: boolean;
  bgOpacity: number;
  bgColor: string;
  interval: number;
  data: Ad[];
  adPosition: string;
}

const parsed = <T,>(value: unknown, fallback: T): T => {
  if (typeof value !== "string") return (value as T) ?? fallback;
  try {
    return value.trim() ? (JSON.parse(value) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** Whether a form holds what the setting stores (as the form would save it): anything else is an unsaved edit. */
const same = (form: unknown, stored: unknown): boolean => JSON.stringify(form) === JSON.stringify(stored);

const savedPhones = (rows: PhoneRow[]) => rows.filter((row) => row.number.trim());

/**
 * The phone numbers panel (spec 000 §3 "Phone numbers": MultiPhoneNumber [{label, number}]); the single number is
 * in the settings tree. Saved as one setting change (the server checks and normalises the numbers).
 */
export function PhoneNumbersPanel({ value, onSave }: { value: unknown; onSave: (rows: PhoneRow[]) => void }) {
  const { labels } = useScreenServices();
  const [rows, setRows] = useState<PhoneRow[]>(() => parsed<PhoneRow[]>(value, []));
  // Until Save stores them, the rows are an edit the unsaved-changes guard keeps from a tab switch (#35).
  useUnsavedMark(!same(savedPhones(rows), savedPhones(parsed<PhoneRow[]>(value, []))));
  const edit = (index: number, change: Partial<PhoneRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <section className="panel-section" aria-label={labels.phoneNumbers}>
      <h2 className="panel-title">{labels.phoneNumbers}</h2>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place in the list
        <div className="tree-row" key={index}>
          <input
            aria-label={`${labels.phoneLabel} ${index + 1}`}
            placeholder={labels.phoneLabel}
            value={row.label}
            onChange={(event) => edit(index, { label: event.target.value })}
          />
          <input
            aria-label={`${labels.phoneNumber} ${index + 1}`}
            placeholder={labels.phoneNumber}
            value={row.number}
            onChange={(event) => edit(index, { number: event.target.value })}
          />
          <button
            type="button"
            className="icon"
            aria-label={`${labels.delete} ${index + 1}`}
            onClick={() => setRows(rows.filter((_, at) => at !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <div className="actions">
        <button type="button" onClick={() => setRows([...rows, { label: "", number: "" }])}>
          {labels.addPhone}
        </button>
        <button type="button" className="primary" onClick={() => onSave(savedPhones(rows))}>
          {labels.save}
        </button>
      </div>
    </section>
  );
}

const defaultAd: AdConfig = {
  haveAd: false,
  bgOpacity: 1,
  bgColor: "#ffffff",
  interval: 3000,
  data: [],
  adPosition: "bottom",
};

/** The ad banner panel (spec 000 §3 "Ad config": haveAd, bgOpacity, bgColor, interval 3000 ms, data, adPosition). */
export function AdBannerPanel({ value, onSave }: { value: unknown; onSave: (config: AdConfig) => void }) {
  const { labels } = useScreenServices();
  const [config, setConfig] = useState<AdConfig>(() => ({ ...defaultAd, ...parsed<Partial<AdConfig>>(value, {}) }));
  useUnsavedMark(!same(config, { ...defaultAd, ...parsed<Partial<AdConfig>>(value, {}) }));
  const editAd = (index: number, change: Partial<Ad>) =>
    setConfig({ ...config, data: config.data.map((ad, at) => (at === index ? { ...ad, ...change } : ad)) });
  return (
    <section className="panel-section" aria-label={labels.adBanner}>
      <h2 className="panel-title">{labels.adBanner}</h2>
      <Check label={labels.adShow} checked={config.haveAd} onChange={(haveAd) => setConfig({ ...config, haveAd })} />
      <NumberField
        label={labels.adInterval}
        min={500}
        max={600000}
        step={500}
        value={config.interval}
        onChange={(text) => setConfig({ ...config, interval: Number(text) || 3000 })}
      />
      <label className="field">
        <span>{labels.adPosition}</span>
        <select
          value={config.adPosition}
          onChange={(event) => setConfig({ ...config, adPosition: event.target.value })}
        >
          <option value="bottom">{labels.adBottom}</option>
          <option value="top">{labels.adTop}</option>
        </select>
      </label>
      {config.data.map((ad, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ads have no identity but their place in the list
        <div className="tree-row" key={index}>
          <input
            aria-label={`${labels.adImage} ${index + 1}`}
            placeholder={labels.adImage}
            value={ad.image}
            onChange={(event) => editAd(index, { image: event.target.value })}
          />
          <input
            aria-label={`${labels.adLink} ${index + 1}`}
            placeholder={labels.adLink}
            value={ad.link}
            onChange={(event) => editAd(index, { link: event.target.value })}
          />
          <button
            type="button"
            className="icon"
            aria-label={`${labels.delete} ${index + 1}`}
            onClick={() => setConfig({ ...config, data: config.data.filter((_, at) => at !== index) })}
          >
            ×
          </button>
        </div>
      ))}
      <div className="actions">
        <button type="button" onClick={() => setConfig({ ...config, data: [...config.data, { image: "", link: "" }] })}>
          {labels.addAd}
        </button>
        <button type="button" className="primary" onClick={() => onSave(config)}>
          {labels.save}
        </button>
      </div>
    </section>
  );
}

/**
 * The about/contact form (setting aboutContent): title, description, logo and typed entries, saved as spec 001's
 * info XML in one setting change (the book service parses it again and refuses a broken one).
 */
export function AboutPanel({
  value,
  logo,
  onSave,
}: {
  value: unknown;
  /** The brand configuration's logo rules: the same hint and limits as every other logo uploader. */
  logo?: Catalogue["logo"];
  onSave: (xml: string) => void;
}) {
  const { labels } = useScreenServices();
  const logoId = useId();
  const [info, setInfo] = useState<AboutInfo>(() => parseAbout(value));
  useUnsavedMark(serializeAbout(info) !== serializeAbout(parseAbout(value)));
  const editItem = (index: number, change: Partial<AboutInfo["items"][number]>) =>
    setInfo({ ...info, items: info.items.map((item, at) => (at === index ? { ...item, ...change } : item)) });
  return (
    <section className="panel-section" aria-label={labels.about}>
      <h2 className="panel-title">{labels.about}</h2>
      <label className="field">
        <span>{labels.entryTitle}</span>
        <input
          value={info.title}
          maxLength={5000}
          onChange={(event) => setInfo({ ...info, title: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{labels.description}</span>
        <textarea
          rows={3}
          maxLength={5000}
          value={info.desc}
          onChange={(event) => setInfo({ ...info, desc: event.target.value })}
        />
      </label>
      <div className="field">
        <span>
          <label htmlFor={logoId}>{labels.aboutLogo}</label>
        </span>
        <FileSetting
          id={logoId}
          value={info.logo}
          extensions={["jpg", "jpeg", "png", "gif"]}
          purpose="logo"
          imageLimits={logo ? { limitWidth: logo.maxWidth, limitHeight: logo.maxHeight } : {}}
          logo={logo}
          onChange={(url) => setInfo({ ...info, logo: url })}
        />
      </div>
      {info.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place in the list
        <div className="tree-row" key={index}>
          <select
            aria-label={`${labels.about} ${index + 1}`}
            value={item.type}
            onChange={(event) => editItem(index, { type: event.target.value as InfoItemType })}
          >
            {infoItemTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <input
            aria-label={`${item.type} ${index + 1}`}
            value={item.value}
            maxLength={5000}
            onChange={(event) => editItem(index, { value: event.target.value })}
          />
          <button
            type="button"
            className="icon"
            aria-label={`${labels.delete} ${index + 1}`}
            onClick={() => setInfo({ ...info, items: info.items.filter((_, at) => at !== index) })}
          >
            ×
          </button>
        </div>
      ))}
      <div className="actions">
        <button
          type="button"
          onClick={() => setInfo({ ...info, items: [...info.items, { type: "Email", value: "" }] })}
        >
          {labels.aboutAddItem}
        </button>
        <button type="button" className="primary" onClick={() => onSave(serializeAbout(info))}>
          {labels.save}
        </button>
      </div>
    </section>
  );
}
