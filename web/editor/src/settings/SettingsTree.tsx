import {
  asBoolean,
  type Lang,
  type LeafNode,
  type SettingNode,
  type SettingTab,
  type SettingValues,
  type ValueNode,
} from "@turnleaf/resource-files";
import { useContext, useId, useState } from "react";
import { guideOfSetting } from "../guide/guide.js";
import type { Labels } from "../labels.js";
import type { Notify } from "../types.js";
import {
  type Catalogue,
  groupsOf,
  imageLimitsFor,
  logoRulesFor,
  searchTab,
  settingValueOf,
  shows,
} from "./catalogue.js";
import { FileSetting } from "./FileSetting.js";
import { PlanLocksContext } from "./plan-locks.js";

type Change = (key: string, value: unknown) => void;

/** #rgb → #rrggbb, anything unreadable → black (the colour input needs the long form). */
function longColour(value: unknown): string {
  const text = String(value ?? "").trim();
  if (/^#[0-9a-f]{6}/i.test(text)) return text.slice(0, 7).toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return "#000000";
}

interface Context {
  catalogue: Catalogue;
  lang: Lang;
  labels: Labels;
  notify: Notify;
}

/** One leaf setting's control, by node type. */
function LeafControl({
  node,
  value,
  id,
  context,
  locked = false,
  onChange,
}: {
  node: LeafNode;
  value: unknown;
  id: string;
  context: Context;
  /** The user's plan does not unlock it (plan-locks.ts). */
  locked?: boolean;
  onChange: (value: unknown) => void;
}) {
  const disabled = node.disabled || locked;
  switch (node.type) {
    case "color":
      return (
        <span className="colour">
          <input
            id={id}
            type="color"
            disabled={disabled}
            value={longColour(value)}
            onChange={(event) => onChange(event.target.value)}
          />
          <code>{longColour(value)}</code>
        </span>
      );
    case "bool":
      return (
        <input
          id={id}
          type="checkbox"
          className="switch"
          disabled={disabled}
          checked={asBoolean(value)}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case "number":
      return (
        <span className="number">
          <input
            id={id}
            type="number"
            min={node.min}
            max={node.max}
            step={node.step}
            disabled={disabled}
            value={String(value)}
            onChange={(event) => {
              const number = Number(event.target.value);
              if (event.target.value !== "" && Number.isFinite(number) && number >= node.min && number <= node.max)
                onChange(number);
            }}
          />
          {node.unit ? <small>{node.unit}</small> : null}
        </span>
      );
    case "list":
      if (node.multiple) {
        const chosen = Array.isArray(value) ? value.map(String) : [];
        return (
          <span className="multi" id={id}>
            {node.options.map((option) => (
              <label key={String(option.value)} className="check">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={chosen.includes(String(option.value))}
                  onChange={(event) =>
                    onChange(
                      node.options
                        .filter((candidate) =>
                          candidate.value === option.value
                            ? event.target.checked
                            : chosen.includes(String(candidate.value)),
                        )
                        .map((candidate) => candidate.value),
                    )
                  }
                />
                {option.label[context.lang]}
              </label>
            ))}
          </span>
        );
      }
      return (
        <select
          id={id}
          disabled={disabled}
          value={String(value)}
          onChange={(event) => {
            const option = node.options.find((candidate) => String(candidate.value) === event.target.value);
            onChange(option ? option.value : event.target.value);
          }}
        >
          {node.options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label[context.lang]}
            </option>
          ))}
        </select>
      );
    case "file":
      return (
        <FileSetting
          id={id}
          value={String(value ?? "")}
          labels={context.labels}
          extensions={node.accept}
          maxBytes={node.maxSize}
          imageLimits={imageLimitsFor(node.key, context.catalogue.logo)}
          purpose={/logo/i.test(node.key) ? "logo" : node.accept.includes("mp3") ? "audio" : ""}
          logo={/logo/i.test(node.key) ? logoRulesFor(node.key, context.catalogue.logo) : undefined}
          notify={context.notify}
          onChange={onChange}
        />
      );
    default:
      return node.multiline ? (
        <textarea
          id={id}
          rows={3}
          maxLength={node.maxLength}
          disabled={disabled}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          maxLength={node.maxLength}
          disabled={disabled}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

function Row({
  node,
  children,
  id,
  lang,
  lockedText,
}: {
  node: SettingNode;
  children: React.ReactNode;
  id: string;
  lang: Lang;
  /** Said under the title when the plan does not unlock the setting. */
  lockedText?: string | undefined;
}) {
  const { explain } = useContext(PlanLocksContext);
  return (
    <div
      className={`setting setting-${node.type}${lockedText ? " setting-locked" : ""}`}
      data-key={node.key}
      data-guide={guideOfSetting[node.key]}
      data-locked={lockedText ? "true" : undefined}
    >
      <div className="setting-text">
        <label htmlFor={id}>{node.title[lang]}</label>
        <small>{node.desc[lang]}</small>
        {lockedText ? (
          <button type="button" className="link-button plan-locked" onClick={() => explain(node.key)}>
            {lockedText}
          </button>
        ) : null}
      </div>
      {children}
    </div>
  );
}

function LeafRow({
  node,
  doc,
  context,
  onChange,
}: {
  node: LeafNode;
  doc: SettingValues;
  context: Context;
  onChange: Change;
}) {
  const id = useId();
  const locked = useContext(PlanLocksContext).locked(node.key);
  return (
    <Row node={node} id={id} lang={context.lang} lockedText={locked ? context.labels.planLocked : undefined}>
      <LeafControl
        node={node}
        id={id}
        value={settingValueOf(node, doc)}
        context={context}
        locked={locked}
        onChange={(value) => onChange(node.key, value)}
      />
    </Row>
  );
}

/** A form node: one htmlConfig object edited field by field (e.g. backgroundMusic {url, loops, volume}). */
function FormRow({
  node,
  doc,
  context,
  onChange,
}: {
  node: ValueNode & { type: "form" };
  doc: SettingValues;
  context: Context;
  onChange: Change;
}) {
  const base = useId();
  const { locked: isLocked, explain } = useContext(PlanLocksContext);
  const locked = isLocked(node.key);
  const raw = settingValueOf(node, doc);
  const value =
    raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : node.defaultValue;
  return (
    <fieldset className="setting-form" data-key={node.key}>
      <legend>{node.title[context.lang]}</legend>
      <small>{node.desc[context.lang]}</small>
      {locked ? (
        <button type="button" className="link-button plan-locked" onClick={() => explain(node.key)}>
          {context.labels.planLocked}
        </button>
      ) : null}
      {node.fields.map((field) => (
        <Row key={field.key} node={field} id={`${base}-${field.key}`} lang={context.lang}>
          <LeafControl
            node={field}
            id={`${base}-${field.key}`}
            value={field.key in value ? value[field.key] : field.defaultValue}
            context={context}
            locked={locked}
            onChange={(fieldValue) => onChange(node.key, { ...value, [field.key]: fieldValue })}
          />
        </Row>
      ))}
    </fieldset>
  );
}

/** Any node of the tree: composites hold their children, forms their fields, leaves a control. */
function NodeView({
  node,
  doc,
  context,
  onChange,
}: {
  node: SettingNode;
  doc: SettingValues;
  context: Context;
  onChange: Change;
}) {
  if (!shows(context.catalogue.tree, node, doc)) return null;
  if (node.type === "composite")
    return (
      <fieldset className="setting-composite" data-key={node.key}>
        <legend>{node.title[context.lang]}</legend>
        {node.children.map((child) => (
          <NodeView key={child.key} node={child} doc={doc} context={context} onChange={onChange} />
        ))}
      </fieldset>
    );
  if (node.type === "form") return <FormRow node={node} doc={doc} context={context} onChange={onChange} />;
  return <LeafRow node={node} doc={doc} context={context} onChange={onChange} />;
}

/**
 * The settings tree of one editor tab, rendered generically from the catalogue resource (spec 000 §3, §5): every
 * node type, related visibility recomputed on each change, and a search by title or description.
 */
export function SettingsPanel({
  catalogue,
  tab,
  doc,
  labels,
  lang,
  notify,
  onChange,
}: {
  catalogue: Catalogue;
  tab: SettingTab;
  doc: Record<string, unknown>;
  labels: Labels;
  lang: Lang;
  notify: Notify;
  onChange: Change;
}) {
  const [query, setQuery] = useState("");
  const values = doc as SettingValues;
  const context: Context = { catalogue, lang, labels, notify };
  const found = query.trim() ? searchTab(catalogue.tree, tab, query, lang, values) : undefined;
  return (
    <div className="panel">
      <input
        type="search"
        className="search"
        placeholder={labels.searchSettings}
        aria-label={labels.searchSettings}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {found ? (
        <>
          {found.length === 0 ? <p className="note">{labels.noSettings}</p> : null}
          {found.map((node) => (
            <NodeView key={node.key} node={node} doc={values} context={context} onChange={onChange} />
          ))}
        </>
      ) : (
        groupsOf(catalogue.tree, tab).map((group) => (
          <section key={group.id} className="setting-group" aria-label={group.title[lang]}>
            <h3>{group.title[lang]}</h3>
            {group.children.map((node) => (
              <NodeView key={node.key} node={node} doc={values} context={context} onChange={onChange} />
            ))}
          </section>
        ))
      )}
    </div>
  );
}
