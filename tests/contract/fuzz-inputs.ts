/**
 * The fuzz contract's bad inputs (tests/contract/fuzz.test.ts): a seeded random source, the odd values (wrong types,
 * huge strings and bodies, broken JSON, texts that are not UTF-8, odd path parameters, cookies and headers) and the
 * request variants built from them for a route's fields and path, with the seeded book the plausible values name.
 */
import { randomBytes } from "node:crypto";

export const suffix = randomBytes(4).toString("hex");
export const owner = "10001";
export const bookId = `fuzz${suffix}`;
export const bookNumber = `nfuzz${suffix}`;
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const random = seeded(0x7e57_f022);
export const garbage = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

export const kib = 1024;
export const huge = "x".repeat(100 * kib);
export const twoMegabytes = "a".repeat(2 * kib * kib);
// The same oversized bodies for every path, made once (thousands of copies made the plan itself the test's cost).
export const twoMegabyteForm = Buffer.from(`a=${twoMegabytes}`);
export const twoMegabyteJson = Buffer.from(JSON.stringify({ a: twoMegabytes }));
export const deepJson = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;

/** A plausible value per known field, so that a request gets past its required fields to the fuzzed one. */
export const plausible: Record<string, string> = {
  bookId,
  number: bookNumber,
  taskId: "nosuchtask",
  fileId: "f0",
  offset: "0",
  teamId: "0",
  folderId: "0",
  email: "fuzz@example.com",
  password: "fuzz-password",
  access: "password",
  mode: "users",
  fromPage: "1",
  users: '[{"name":"a","password":"b"}]',
  languages: '[{"code":"en"}]',
  code: "en",
  catalog: '[{"title":"t","page":1}]',
  bookmarks: '[{"caption":"c","page":1}]',
  bookConfig: '{"bgColor":"#fff"}',
  plugin: "[]",
  downloadconfig: "{}",
  files: '[{"name":"a.pdf","size":10}]',
  pdfImportConfig: "{}",
  title: "t",
  operate: "pause",
  isDownload: "1",
  sharedColour: "1",
  licenceCode: "TL-0000",
  terminalCode: "T1-0",
  nonce: "0123456789abcdef",
  requestFile: "TLREQ1.x",
  lang: "en",
  url: `http://localhost/b/${bookNumber}`,
  back: "/",
};
/** The fields that carry JSON text: each gets every broken or wrong-shaped JSON text, the others two of them. */
export const jsonFields = new Set(Object.keys(plausible).filter((field) => /^[[{]/.test(plausible[field] ?? "")));
/** Fields tried on paths whose schema names none (forms read in the handler). */
export const fallbackFields = ["email", "password", "back", "bookId", "taskId", "user", "url", "lang", "maxwidth"];

/** JSON-ish texts a JSON string field must refuse with a catalogue message. */
export const brokenJsonTexts = [
  '{"a":',
  "[{",
  '["x',
  "{'a':1}",
  "[1,]",
  "undefined",
  "NaN",
  "1e999",
  '"\\ud800"',
  deepJson,
  "{}",
  "[]",
  "null",
  "[null]",
  '[{"name":{},"code":[],"title":1,"page":"x","caption":{},"size":-1}]',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"a":{"b":{"c":{"d":{"e":{"f":[1,2,{"g":"h"}]}}}}}}',
  '{"\\u0000":"x","":"y","$where":"1","a.b":"c"}',
  '[{"name":"\\u0000","code":"\\u0000","title":"\\u0000","caption":"\\ud800","page":1}]',
  JSON.stringify(
    Array.from({ length: 6_000 }, (_, index) => ({ name: `f${index}.pdf`, size: 1, title: "t", page: 1, code: "en" })),
  ),
  JSON.stringify(Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`k${index}`, "v"]))),
  JSON.stringify([
    { name: "a.pdf", size: 1e300, page: 1e300, title: "t" },
    { name: "b.pdf", size: "12abc", page: -5 },
  ]),
];
/** Strings with odd characters. */
export const oddTexts = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "😀".repeat(50),
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "http://[",
  "javascript:alert(1)",
  "//evil.example/",
  "%",
  "-1",
  "99999999999999999999999999",
  "99999999999999999999",
  "1.5",
  "\u202e\u0000\r\n",
];
/** Wrong JSON types where a string belongs. */
export const wrongTypes: unknown[] = [["a", "b"], { nested: { x: 1 } }, 12345, -1.5, true, null, [[[[]]]], [{}]];
/** Path parameter values: traversal, encodings, odd characters. */
export const oddParams = [
  "..",
  "%2e%2e",
  "..%2F..%2Fetc%2Fpasswd",
  "%2F",
  "%00",
  "%ff%fe",
  "%E0%A4%A",
  "%",
  "a%20b",
  "%3Cscript%3E",
  "%F0%9F%98%80",
  "x".repeat(5_000),
  "-1",
  "1e309",
  "NaN",
  "0x10",
  "99999999999999999999999",
  ";",
  "%5C..%5C",
];
export const oddWildcards = [
  "../../../etc/passwd",
  "..%2F..%2Fmanifest.json",
  "manifest.json",
  "pages/1/800.webp%00.png",
  "pages/%ff/800.webp",
  "pages/1/../../manifest.json",
  "%",
  "x".repeat(5_000),
  "",
];

/** Headers a browser would never send: an unparsable Origin or Referer, odd Host names, a forwarded protocol. */
export const oddHeaders: Record<string, string>[] = [
  { origin: "null" },
  { origin: "http://[" },
  { referer: "::::" },
  { host: "[" },
  { host: "evil.example:99999" },
  { host: "a b" },
  { "x-forwarded-proto": "javascript", "x-forwarded-host": "[" },
  { accept: "text/html", "accept-language": "\u0000" },
];

/** A value made when its request is sent: the per-field texts are large, and a plan holds thousands of them. */
export type Lazy<T> = T | (() => T);
export const made = <T>(value: Lazy<T>): T => (typeof value === "function" ? (value as () => T)() : value);

export interface Variant {
  name: string;
  query?: Lazy<string>;
  headers?: Record<string, string>;
  payload?: Lazy<string | Buffer>;
}

export const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params.toString();
};
export const formType = { "content-type": "application/x-www-form-urlencoded" };
export const jsonType = { "content-type": "application/json" };

export function fieldsOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

export function baseOf(fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, plausible[field] ?? "x"]));
}

/** The body variants of a POST path whose body fields are `fields`. */
export function bodyVariants(fields: string[], perField: boolean): Variant[] {
  const base = baseOf(fields);
  const variants: Variant[] = [
    { name: "no body" },
    { name: "empty JSON", headers: jsonType, payload: "" },
    { name: "empty form", headers: formType, payload: "" },
    ...["{}", "null", "[]", '"x"', "42", "true"].map((payload) => ({
      name: `JSON ${payload}`,
      headers: jsonType,
      payload,
    })),
    ...['{"', '{"a":1,}', "[", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'].map((payload) => ({
      name: `broken JSON body ${payload}`,
      headers: jsonType,
      payload,
    })),
    { name: "form junk", headers: formType, payload: "&&&==&a&%&%ff%fe=%c3%28&__proto__[x]=1" },
    { name: "non-UTF-8 form", headers: formType, payload: Buffer.from([0xff, 0xfe, 0x3d, 0xc3, 0x28, 0x26, 0x80]) },
    { name: "non-UTF-8 JSON", headers: jsonType, payload: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0xfe, 0x7d]) },
    { name: "text/plain", headers: { "content-type": "text/plain" }, payload: "hello" },
    { name: "xml", headers: { "content-type": "application/xml" }, payload: "<a/>" },
    {
      name: "multipart garbage",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      payload: Buffer.concat([Buffer.from('--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n'), garbage(512)]),
    },
    { name: "multipart without boundary", headers: { "content-type": "multipart/form-data" }, payload: "x" },
    { name: "octet garbage", headers: { "content-type": "application/octet-stream" }, payload: garbage(256) },
    { name: "JSON with form type", headers: formType, payload: JSON.stringify(base) },
    { name: "form with JSON type", headers: jsonType, payload: form(base) },
    { name: "odd JSON charset", headers: { "content-type": "application/json; charset=utf-16" }, payload: "{}" },
    { name: "content type junk", headers: { "content-type": ";;;/" }, payload: "a=b" },
    { name: "2 MB form", headers: formType, payload: twoMegabyteForm },
    { name: "2 MB JSON", headers: jsonType, payload: twoMegabyteJson },
    { name: "unknown fields", headers: formType, payload: form({ ...base, unknown: "x", $where: "1", "a.b": "c" }) },
    { name: "unknown fields JSON", headers: jsonType, payload: JSON.stringify({ ...base, unknown: { $gt: "" } }) },
    { name: "malformed session cookie", headers: { ...formType, cookie: "tl_session=%E0%A4%A" }, payload: form(base) },
    { name: "unknown session cookie", headers: { ...formType, cookie: "tl_session=nope" }, payload: form(base) },
    { name: "query junk", query: "a=%&b=%ff&__proto__=1&bookId=1&bookId=2", headers: formType, payload: "" },
    ...oddHeaders.map((headers, index) => ({
      name: `odd headers #${index}`,
      headers: { ...formType, ...headers },
      payload: form(base),
    })),
  ];
  if (!perField) return variants;
  for (const field of fields) {
    for (const value of wrongTypes) {
      variants.push({
        name: `${field} as ${JSON.stringify(value)}`,
        headers: jsonType,
        payload: () => JSON.stringify({ ...base, [field]: value }),
      });
    }
    for (const [index, text] of ["\u0000", "\ud800\udfff\ud800", "\uffff", "x".repeat(100 * kib)].entries()) {
      variants.push({
        name: `${field} odd JSON string #${index}`,
        headers: jsonType,
        payload: () => JSON.stringify({ ...base, [field]: text }),
      });
    }
    variants.push({
      name: `${field} repeated`,
      headers: formType,
      payload: () => form({ ...base, [field]: ["a", "b"] }),
    });
    variants.push({ name: `${field} 100 KB`, headers: formType, payload: () => form({ ...base, [field]: huge }) });
    const texts = jsonFields.has(field)
      ? [...brokenJsonTexts, ...oddTexts]
      : [...brokenJsonTexts.slice(0, 2), ...oddTexts];
    for (const [index, text] of texts.entries()) {
      variants.push({
        name: `${field} odd #${index}`,
        headers: formType,
        payload: () => form({ ...base, [field]: text }),
      });
    }
  }
  return variants;
}

/** The query variants of a path whose query fields are `fields`. */
export function queryVariants(fields: string[], perField: boolean): Variant[] {
  const base = baseOf(fields);
  const variants: Variant[] = [
    { name: "no query" },
    { name: "query junk", query: "a=%&%ff=%fe&__proto__=1&constructor[prototype][x]=1" },
    { name: "query 100 KB", query: `q=${huge}` },
    { name: "malformed session cookie", query: form(base), headers: { cookie: "tl_session=%E0%A4%A" } },
    { name: "malformed grant cookie", query: form(base), headers: { cookie: `tl_book_${bookNumber}=%%%; a` } },
    ...oddHeaders.map((headers, index) => ({ name: `odd headers #${index}`, query: form(base), headers })),
  ];
  if (!perField) return variants;
  for (const field of fields) {
    variants.push({ name: `${field} repeated`, query: () => form({ ...base, [field]: ["1", "2"] }) });
    variants.push({ name: `${field} 100 KB`, query: () => form({ ...base, [field]: huge }) });
    variants.push({ name: `${field} bad escape`, query: () => `${form(base)}&${field}=%E0%A4%A` });
    for (const [index, text] of oddTexts.entries()) {
      variants.push({ name: `${field} odd #${index}`, query: () => form({ ...base, [field]: text }) });
    }
  }
  return variants;
}

/** The URLs of a route: its parameters plausible, then each one odd. */
export function urlsOf(path: string): { name: string; url: string }[] {
  const plausibleParams: Record<string, string> = { link: bookNumber, page: "1", revision: "1" };
  const parameters = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const hasWildcard = path.endsWith("*");
  const fill = (values: Record<string, string>, wildcard: string) =>
    path.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? "x").replace(/\*$/, wildcard);
  const baseWildcard = path.startsWith("/reader/")
    ? "reader-0000.js"
    : path.startsWith("/book_edit2/assets/")
      ? "editor-0000.js"
      : path.startsWith("/book_edit2/")
        ? "editor"
        : "pages/1/800.webp";
  const urls = [{ name: "plausible", url: fill(plausibleParams, baseWildcard) }];
  for (const parameter of parameters) {
    for (const value of oddParams) {
      urls.push({
        name: `:${parameter}=${value.slice(0, 20)}`,
        url: fill({ ...plausibleParams, [parameter]: value }, baseWildcard),
      });
    }
  }
  if (hasWildcard) {
    for (const value of oddWildcards) urls.push({ name: `*=${value.slice(0, 20)}`, url: fill(plausibleParams, value) });
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks

/** The README's non-enveloped paths: probes, the hosted reader's pages and files, oEmbed, the login form, static files, Connect. */
