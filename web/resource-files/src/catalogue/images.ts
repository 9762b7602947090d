import { deflateSync } from "node:zlib";
import type { BusinessCardStyle, SettingValues, TemplateEntry } from "../types.js";

/** The preview pictures, drawn from the presets' own setting values so a preview never disagrees with its entry. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A PNG of a vertical gradient (8-bit RGB), small enough to commit and stretched by the reader. */
export function gradientPng(top: string, bottom: string, width = 90, height = 160): Buffer {
  const [r1, g1, b1] = rgb(top);
  const [r2, g2, b2] = rgb(bottom);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const f = height === 1 ? 0 : y / (height - 1);
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      raw[at] = Math.round(r1 + (r2 - r1) * f);
      raw[at + 1] = Math.round(g1 + (g2 - g1) * f);
      raw[at + 2] = Math.round(b1 + (b2 - b1) * f);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>\n`;
}

const str = (values: SettingValues, key: string, fallback: string) =>
  typeof values[key] === "string" ? (values[key] as string) : fallback;

/** The backdrop of a theme's settings: its gradient when on, its colour otherwise. */
function backdrop(values: SettingValues, width: number, height: number): string {
  const color = str(values, "bgColor", "#3a3f47");
  const begin = str(values, "bgBeginColor", color);
  const end = str(values, "bgEndColor", color);
  if (begin === end) return `<rect width="${width}" height="${height}" fill="${begin}"/>`;
  const angle = (Number(values.bgMRotation ?? 90) * Math.PI) / 180;
  const x = (Math.cos(angle) * 50 + 50).toFixed(1);
  const y = (Math.sin(angle) * 50 + 50).toFixed(1);
  const x0 = (100 - Number(x)).toFixed(1);
  const y0 = (100 - Number(y)).toFixed(1);
  return `<defs><linearGradient id="g" x1="${x0}%" y1="${y0}%" x2="${x}%" y2="${y}%"><stop offset="0" stop-color="${begin}"/><stop offset="1" stop-color="${end}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>`;
}

function toolbar(values: SettingValues, width: number, height: number): string {
  const bar = str(values, "toolbarColor", "#20242b");
  const icon = str(values, "iconColor", "#ffffff");
  const alpha = typeof values.toolbarAlpha === "number" ? values.toolbarAlpha : 1;
  const icons = [0.3, 0.4, 0.5, 0.6, 0.7]
    .map((f) => `<circle cx="${(width * f).toFixed(1)}" cy="${height - 7}" r="2.5" fill="${icon}"/>`)
    .join("");
  return `<rect y="${height - 14}" width="${width}" height="14" fill="${bar}" fill-opacity="${alpha}"/>${icons}`;
}

/** A template (or mobile template): its theme's backdrop, the book as the template lays it out, the toolbar. */
export function templatePreview(template: TemplateEntry, theme: SettingValues, phone: boolean): string {
  const values = { ...theme, ...template.settings };
  const [width, height] = phone ? [90, 160] : [160, 100];
  const vertical = values.flipDirection === "vertical";
  const double = !phone && values.pageMode !== "single" && !vertical;
  const shadow = values.showShadow === false ? "" : ' filter="drop-shadow(0 1px 2px rgba(0,0,0,.5))"';
  const area = { w: width * (phone ? 0.78 : 0.7), h: (height - 14) * 0.78 };
  const pageW = vertical ? area.w : double ? area.w / 2 : Math.min(area.w, area.h * 0.72);
  const pageH = vertical ? area.h / 2 : area.h;
  const left = (width - (double ? pageW * 2 : pageW)) / 2;
  const top = (height - 14 - (vertical ? pageH * 2 : pageH)) / 2;
  const pages = vertical
    ? [0, 1].map((i) => `<rect x="${left}" y="${top + i * pageH}" width="${pageW}" height="${pageH}" fill="#fdfdfd"/>`)
    : [0, double ? 1 : -1]
        .filter((i) => i >= 0)
        .map((i) => `<rect x="${left + i * pageW}" y="${top}" width="${pageW}" height="${pageH}" fill="#fdfdfd"/>`);
  const lines = Array.from({ length: 4 }, (_, i) => {
    const y = top + pageH * (0.2 + i * 0.15);
    return `<rect x="${left + pageW * 0.15}" y="${y.toFixed(1)}" width="${(pageW * 0.7).toFixed(1)}" height="2" fill="#ced4da"/>`;
  });
  const binding =
    values.BindingType === "spiral"
      ? Array.from({ length: 6 }, (_, i) =>
          vertical
            ? `<circle cx="${(left + pageW * (0.1 + i * 0.16)).toFixed(1)}" cy="${top + pageH}" r="1.8" fill="none" stroke="#495057"/>`
            : `<circle cx="${double ? left + pageW : left}" cy="${(top + pageH * (0.1 + i * 0.16)).toFixed(1)}" r="1.8" fill="none" stroke="#495057"/>`,
        ).join("")
      : "";
  return svg(
    width,
    height,
    template.name.en,
    `${backdrop(values, width, height)}<g${shadow}>${pages.join("")}</g>${lines.join("")}${binding}${toolbar(values, width, height)}`,
  );
}

export function themePreview(name: string, values: SettingValues): string {
  const swatches = ["bgColor", "toolbarColor", "iconColor", "loadingCaptionColor"]
    .map(
      (key, i) =>
        `<rect x="${14 + i * 34}" y="30" width="28" height="28" rx="4" fill="${str(values, key, "#000000")}" stroke="#ffffff" stroke-opacity=".6"/>`,
    )
    .join("");
  return svg(160, 100, name, `${backdrop(values, 160, 100)}${swatches}${toolbar(values, 160, 100)}`);
}

/** A small deterministic sequence, so the committed pictures do not change between runs of the generator. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export function scenePreview(name: string, scene: string): string {
  const next = sequence(scene.length * 7919 + 17);
  const particles = Array.from({ length: scene ? 24 : 0 }, () => {
    const x = (next() * 160).toFixed(1);
    const y = (next() * 100).toFixed(1);
    switch (scene) {
      case "snow":
        return `<circle cx="${x}" cy="${y}" r="${(1 + next() * 2).toFixed(1)}" fill="#ffffff"/>`;
      case "rain":
        return `<line x1="${x}" y1="${y}" x2="${(Number(x) - 2).toFixed(1)}" y2="${(Number(y) + 8).toFixed(1)}" stroke="#a5d8ff" stroke-width="1"/>`;
      case "petals":
        return `<ellipse cx="${x}" cy="${y}" rx="3" ry="1.6" fill="#ffafcc" transform="rotate(${Math.round(next() * 180)} ${x} ${y})"/>`;
      case "stars":
        return `<circle cx="${x}" cy="${y}" r="${(0.5 + next()).toFixed(1)}" fill="#fff3bf"/>`;
      case "bubbles":
        return `<circle cx="${x}" cy="${y}" r="${(2 + next() * 4).toFixed(1)}" fill="none" stroke="#d0ebff"/>`;
      default:
        return `<ellipse cx="${x}" cy="${y}" rx="3.5" ry="2" fill="#e9a23b" transform="rotate(${Math.round(next() * 180)} ${x} ${y})"/>`;
    }
  }).join("");
  const none = scene ? "" : '<line x1="60" y1="30" x2="100" y2="70" stroke="#adb5bd" stroke-width="3"/>';
  return svg(160, 100, name, `<rect width="160" height="100" fill="#1c2541"/>${particles}${none}`);
}

export function cardPreview(card: BusinessCardStyle): string {
  const { background, text, accent } = card.colors;
  const x = card.layout === "center" ? 80 : card.layout === "split" ? 70 : 44;
  const anchor = card.layout === "center" ? "middle" : "start";
  const avatar = card.fields.includes("avatar") ? `<circle cx="22" cy="34" r="12" fill="${accent}"/>` : "";
  const split = card.layout === "split" ? `<rect width="58" height="100" fill="${accent}"/>` : "";
  const lines = card.fields
    .filter((field) => field !== "avatar")
    .map((field, i) => {
      const y = 26 + i * 11;
      const w = field === "name" ? 60 : 44;
      const rx = anchor === "middle" ? x - w / 2 : x;
      return `<rect x="${rx}" y="${y}" width="${w}" height="${field === "name" ? 6 : 3}" fill="${field === "name" ? accent : text}"/>`;
    })
    .join("");
  return svg(
    160,
    100,
    card.name.en,
    `<rect width="160" height="100" rx="6" fill="${background}" stroke="${accent}"/>${split}${avatar}${lines}`,
  );
}

export function logoSvg(): string {
  return svg(
    150,
    30,
    "Turnleaf",
    '<path d="M6 24 Q6 6 24 6 Q24 24 6 24Z" fill="#40916c"/><text x="32" y="21" font-family="sans-serif" font-size="16" font-weight="600" fill="#1b4332">Turnleaf</text>',
  );
}
