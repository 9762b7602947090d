/**
 * The command line's shape: each command's options, the synopsis and the usage text, and parsing one command's
 * arguments (main.ts dispatches what this parses).
 */
import { parseArgs } from "node:util";
import { UsageError } from "./errors.js";
import { text as message } from "./i18n/text.js";
import type { Translate } from "./i18n/translate.js";

/** The commands' synopsis (syntax, the same in every language); `usage` adds the catalogue's words around it. */
export const synopsis = `  turnleaf register <licence code> [--server URL] [--public-key FILE]
  turnleaf register <licence code> --offline [--request-out FILE] [--public-key FILE]
  turnleaf register --answer <request file> --out <verification file> [--server URL]
  turnleaf register --import <verification file> [--public-key FILE]
  turnleaf status [--offline] [--server URL]
  turnleaf deactivate [--activation ID] [--code CODE] [--server URL]
  turnleaf terminal
  turnleaf import <file.pdf…|images…|deck.pptx…> --out <project dir> [--pages 1,5-8,20] [--quality FHD|HD|SHD|custom]
                  [--definition 80-95 --max-edge 450-3200 --dpi 72-320] [--password TEXT] [--title TEXT]
                  [--engine text|image] [--cut none|auto|1|2|3] [--no-toc] [--no-links] [--no-search]
                  [--large-images continue|skip] [--save-changes|--discard-changes]
  turnleaf batch <folder> --out <dir> [--retry] [import options]
  turnleaf batch --out <dir> --list all|success|failure|waiting | --delete-all --yes
  turnleaf publish <project dir> --format html|pwa|wordpress|joomla|drupal --out <dir> [--title T] [--description D]
                   [--keywords K] [--lang zh|en…] [--width 100%] [--height 600] [--script extra.js] [--seo-text]
  turnleaf publish <project dir> --format exe|app --out <book.exe|book.app> [--title T] [--icon picture.png]
                   [--window maximized|fullscreen|custom --width W --height H]
  turnleaf publish <project dir> --format apk --out <book.apk> --app-id com.example.book [--app-name N] [--icon P]
                   [--version-code N] --version-name 1.0 --signature NAME --signature-password P
                   (or the password in $TURNLEAF_SIGNATURE_PASSWORD)
  turnleaf signature create --name N --validity YEARS [--password P --confirm P] [--unit U] [--organisation O]
                   [--city C] [--state S] --country CN
  turnleaf signature list
  turnleaf studio <project dir> [--server URL] [--no-start] [--open] [--lang en] [--save-changes|--discard-changes]
  turnleaf project show|save|discard <project dir> [--name N]
  turnleaf project set <project dir> key=value…
  turnleaf project open <project dir> [--save-changes|--discard-changes]
  turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE
                  [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60]
                  [--pause-without-audio on|off]
  turnleaf design list [templates|themes|scenes|mine]
  turnleaf design apply <project dir> <name>
  turnleaf template save <project dir> --name N --cover IMAGE --parts settings,theme,…|all
  turnleaf template list | export <name> --out FILE.tltemplate | import FILE | replace <name> <project dir> [--parts …]
  turnleaf template delete <name>
  turnleaf login [--email E] [--password P] [--server URL]
  turnleaf logout
  turnleaf upload <project dir> [--title T] [--keywords K] [--description D] [--category C] [--html-text]
                  [--publication] [--overwrite BOOKID [--force]] [--pdf-password P] [--chunk-size BYTES] [--rate KB/s]
                  [--no-wait] [--yes]
  turnleaf pull <book id> --out <project dir> [--force] [--server URL]
  turnleaf books [list [--status S] [--type book|publication] [--keyword K] [--page N] [--page-size N] | enable ID |
                 disable ID | delete ID --yes]
  turnleaf account [--limit N] [--server URL]
  turnleaf logs export --out FILE
  turnleaf feedback "<text>" [--email E] [--logs] [--server URL]
  turnleaf update check [--server URL]`;

/** The usage text in the user's language. */
export function usage(t: Translate): string {
  return `${t("usageTitle")}\n\n${synopsis}\n\n${t("usageFooter")}`;
}

const common = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  lang: { type: "string" },
} as const;

const server = { server: { type: "string" } } as const;
const out = { out: { type: "string", short: "o" } } as const;
/** What to do with a project's unsaved changes when a command would replace them. */
const unsavedChanges = { "save-changes": { type: "boolean" }, "discard-changes": { type: "boolean" } } as const;
const signIn = { email: { type: "string" }, password: { type: "string" } } as const;
/** How `import` and `batch` convert their files. */
const conversion = {
  engine: { type: "string" },
  cut: { type: "string" },
  "no-toc": { type: "boolean" },
  "no-links": { type: "boolean" },
  "no-search": { type: "boolean" },
  pages: { type: "string" },
  quality: { type: "string" },
  definition: { type: "string" },
  "max-edge": { type: "string" },
  dpi: { type: "string" },
} as const;
/** The book's page text as `publish`, `upload` and their embeds describe it. */
const description = {
  title: { type: "string" },
  description: { type: "string" },
  keywords: { type: "string" },
} as const;

export const commandOptions = {
  register: {
    ...common,
    ...server,
    ...out,
    offline: { type: "boolean" },
    import: { type: "string" },
    answer: { type: "string" },
    "request-out": { type: "string" },
    "public-key": { type: "string" },
  },
  status: { ...common, ...server, offline: { type: "boolean" } },
  deactivate: {
    ...common,
    ...server,
    activation: { type: "string" },
    code: { type: "string" },
    "public-key": { type: "string" },
  },
  terminal: { ...common },
  import: {
    ...common,
    ...conversion,
    ...out,
    ...unsavedChanges,
    "large-images": { type: "string" },
    password: { type: "string" },
    title: { type: "string" },
  },
  batch: {
    ...common,
    ...conversion,
    ...out,
    "delete-all": { type: "boolean" },
    yes: { type: "boolean" },
    retry: { type: "boolean" },
    list: { type: "string" },
  },
  publish: {
    ...common,
    ...server,
    ...out,
    ...description,
    format: { type: "string" },
    width: { type: "string" },
    height: { type: "string" },
    "seo-text": { type: "boolean" },
    script: { type: "string" },
    window: { type: "string" },
    "app-name": { type: "string" },
    icon: { type: "string" },
    "app-id": { type: "string" },
    "version-code": { type: "string" },
    "version-name": { type: "string" },
    signature: { type: "string" },
    "signature-password": { type: "string" },
  },
  signature: {
    ...common,
    ...server,
    name: { type: "string" },
    validity: { type: "string" },
    password: { type: "string" },
    confirm: { type: "string" },
    unit: { type: "string" },
    organisation: { type: "string" },
    city: { type: "string" },
    state: { type: "string" },
    country: { type: "string" },
  },
  login: { ...common, ...server, ...signIn },
  logout: { ...common },
  upload: {
    ...common,
    ...server,
    ...signIn,
    ...description,
    category: { type: "string" },
    "html-text": { type: "boolean" },
    publication: { type: "boolean" },
    overwrite: { type: "string" },
    "pdf-password": { type: "string" },
    "chunk-size": { type: "string" },
    rate: { type: "string" },
    "no-wait": { type: "boolean" },
    yes: { type: "boolean" },
    force: { type: "boolean" },
  },
  pull: { ...common, ...server, ...out, ...unsavedChanges, force: { type: "boolean" } },
  project: {
    ...common,
    ...unsavedChanges,
    name: { type: "string" },
    // project audio (#37)
    tts: { type: "string" },
    voice: { type: "string" },
    speed: { type: "string" },
    mp3: { type: "string" },
    text: { type: "string" },
    clear: { type: "boolean" },
    caption: { type: "string" },
    "auto-flip": { type: "string" },
    pause: { type: "string" },
    "pause-without-audio": { type: "string" },
  },
  design: { ...common },
  template: {
    ...common,
    ...out,
    name: { type: "string" },
    cover: { type: "string" },
    parts: { type: "string" },
  },
  studio: {
    ...common,
    ...server,
    ...unsavedChanges,
    "no-start": { type: "boolean" },
    open: { type: "boolean" },
  },
  account: { ...common, ...server, limit: { type: "string" } },
  books: {
    ...common,
    ...server,
    page: { type: "string" },
    "page-size": { type: "string" },
    status: { type: "string" },
    type: { type: "string" },
    keyword: { type: "string" },
    yes: { type: "boolean" },
  },
  logs: { ...common, ...out },
  feedback: { ...common, ...server, email: { type: "string" }, logs: { type: "boolean" } },
  update: { ...common, ...server },
} as const;

export type Command = keyof typeof commandOptions;

export function parse(command: Command, args: string[]) {
  try {
    return parseArgs({ args, options: commandOptions[command], allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
    const refusal = message("badOption", { code, option });
    throw new UsageError(message("withUsage", { message: refusal, usage: message("usageSynopsis", { synopsis }) }));
  }
}
