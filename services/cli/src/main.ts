#!/usr/bin/env node
/**
 * turnleaf: the desktop authoring tool on the command line. Results go to stdout, notes and failures to stderr;
 * every failure exits non-zero (see errors.ts and the README for the exit statuses).
 */
import { parseArgs } from "node:util";
import { type Context, languageFlag, processContext } from "./context.js";
import { describeFailure, exitCodes, UsageError } from "./errors.js";
import { cliLanguages, matchLanguage } from "./i18n/languages.js";
import { text as message } from "./i18n/text.js";
import type { Translate } from "./i18n/translate.js";
import { failureKey, logCommand } from "./logs.js";

/** The commands' synopsis (syntax, the same in every language); `usage` adds the catalogue's words around it. */
const synopsis = `  turnleaf register <licence code> [--server URL] [--public-key FILE]
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
  turnleaf publish <project dir> --format exe|app --out <book.exe|book.app> [--title T]
                   [--window maximized|fullscreen|custom --width W --height H]
  turnleaf publish <project dir> --format apk --out <book.apk> --app-id com.example.book [--app-name N]
                   [--version-code N] --version-name 1.0 --signature NAME --signature-password P
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

const commandOptions = {
  register: {
    ...common,
    offline: { type: "boolean" },
    import: { type: "string" },
    answer: { type: "string" },
    out: { type: "string", short: "o" },
    "request-out": { type: "string" },
    server: { type: "string" },
    "public-key": { type: "string" },
  },
  status: { ...common, offline: { type: "boolean" }, server: { type: "string" } },
  deactivate: {
    ...common,
    activation: { type: "string" },
    code: { type: "string" },
    server: { type: "string" },
    "public-key": { type: "string" },
  },
  terminal: { ...common },
  import: {
    ...common,
    "large-images": { type: "string" },
    "save-changes": { type: "boolean" },
    "discard-changes": { type: "boolean" },
    engine: { type: "string" },
    cut: { type: "string" },
    "no-toc": { type: "boolean" },
    "no-links": { type: "boolean" },
    "no-search": { type: "boolean" },
    out: { type: "string", short: "o" },
    pages: { type: "string" },
    quality: { type: "string" },
    definition: { type: "string" },
    "max-edge": { type: "string" },
    dpi: { type: "string" },
    password: { type: "string" },
    title: { type: "string" },
  },
  batch: {
    ...common,
    "delete-all": { type: "boolean" },
    yes: { type: "boolean" },
    engine: { type: "string" },
    cut: { type: "string" },
    "no-toc": { type: "boolean" },
    "no-links": { type: "boolean" },
    "no-search": { type: "boolean" },
    out: { type: "string", short: "o" },
    retry: { type: "boolean" },
    list: { type: "string" },
    pages: { type: "string" },
    quality: { type: "string" },
    definition: { type: "string" },
    "max-edge": { type: "string" },
    dpi: { type: "string" },
  },
  publish: {
    ...common,
    format: { type: "string" },
    out: { type: "string", short: "o" },
    title: { type: "string" },
    description: { type: "string" },
    keywords: { type: "string" },
    lang: { type: "string" },
    width: { type: "string" },
    height: { type: "string" },
    "seo-text": { type: "boolean" },
    script: { type: "string" },
    window: { type: "string" },
    "app-name": { type: "string" },
    "app-id": { type: "string" },
    "version-code": { type: "string" },
    "version-name": { type: "string" },
    signature: { type: "string" },
    "signature-password": { type: "string" },
    server: { type: "string" },
  },
  signature: {
    ...common,
    server: { type: "string" },
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
  login: { ...common, server: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
  logout: { ...common },
  upload: {
    ...common,
    server: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    title: { type: "string" },
    keywords: { type: "string" },
    description: { type: "string" },
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
  pull: {
    ...common,
    server: { type: "string" },
    out: { type: "string", short: "o" },
    force: { type: "boolean" },
    "save-changes": { type: "boolean" },
    "discard-changes": { type: "boolean" },
  },
  project: {
    ...common,
    name: { type: "string" },
    "save-changes": { type: "boolean" },
    "discard-changes": { type: "boolean" },
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
    name: { type: "string" },
    cover: { type: "string" },
    parts: { type: "string" },
    out: { type: "string", short: "o" },
  },
  studio: {
    ...common,
    server: { type: "string" },
    "no-start": { type: "boolean" },
    open: { type: "boolean" },
    lang: { type: "string" },
    "save-changes": { type: "boolean" },
    "discard-changes": { type: "boolean" },
  },
  account: { ...common, server: { type: "string" }, limit: { type: "string" } },
  books: {
    ...common,
    server: { type: "string" },
    page: { type: "string" },
    "page-size": { type: "string" },
    status: { type: "string" },
    type: { type: "string" },
    keyword: { type: "string" },
    yes: { type: "boolean" },
  },
  logs: { ...common, out: { type: "string", short: "o" } },
  feedback: { ...common, server: { type: "string" }, email: { type: "string" }, logs: { type: "boolean" } },
  update: { ...common, server: { type: "string" } },
} as const;

type Command = keyof typeof commandOptions;

function parse(command: Command, args: string[]) {
  try {
    return parseArgs({ args, options: commandOptions[command], allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
    const refusal = message("badOption", { code, option });
    throw new UsageError(message("withUsage", { message: refusal, usage: message("usageSynopsis", { synopsis }) }));
  }
}

/** The command line without a leading `--lang X` (the language may come before the command too). */
function withoutLeadingLanguage(argv: string[]): string[] {
  if (argv[0] === "--lang") return argv.slice(2);
  if (argv[0]?.startsWith("--lang=")) return argv.slice(1);
  return argv;
}

export async function run(argv: string[], context: Context): Promise<void> {
  const [name, ...args] = withoutLeadingLanguage(argv);
  if (!name || name === "--help" || name === "-h" || name === "help") {
    context.print(usage(context.t));
    return;
  }
  if (!(name in commandOptions)) {
    const refusal = message("unknownCommand", { name });
    throw new UsageError(message("withUsage", { message: refusal, usage: message("usageSynopsis", { synopsis }) }));
  }
  const requested = languageFlag(argv);
  if (requested !== undefined && !matchLanguage(requested)) {
    throw new UsageError(message("unknownLanguage", { lang: requested, languages: cliLanguages.join(", ") }));
  }
  const command = name as Command;
  const { values, positionals } = parse(command, args);
  const flags = values as Record<string, string | boolean | undefined>;
  const text = (key: string) => (typeof flags[key] === "string" ? (flags[key] as string) : undefined);
  const flag = (key: string) => flags[key] === true;
  if (flag("help")) {
    context.print(usage(context.t));
    return;
  }
  const tooMany = (limit: number) => {
    if (positionals.length > limit) {
      throw new UsageError(message("unexpectedArgument", { argument: positionals[limit] ?? "" }));
    }
  };
  switch (command) {
    case "register": {
      tooMany(1);
      const { register } = await import("./licence.js");
      return register(context, {
        code: positionals[0],
        answer: text("answer"),
        out: text("out"),
        offline: flag("offline"),
        importFile: text("import"),
        requestOut: text("request-out"),
        server: text("server"),
        publicKey: text("public-key"),
        json: flag("json"),
      });
    }
    case "status": {
      tooMany(0);
      const { status } = await import("./licence.js");
      return status(context, { server: text("server"), offline: flag("offline"), json: flag("json") });
    }
    case "deactivate": {
      tooMany(0);
      const { deactivate } = await import("./licence.js");
      return deactivate(context, {
        server: text("server"),
        activation: text("activation"),
        code: text("code"),
        publicKey: text("public-key"),
      });
    }
    case "terminal": {
      tooMany(0);
      const { showTerminal } = await import("./licence.js");
      return showTerminal(context, flag("json"));
    }
    case "import": {
      const { importBook } = await import("./import.js");
      return importBook(context, {
        files: positionals,
        out: text("out"),
        password: text("password"),
        title: text("title"),
        ...conversionFlags(text, flag),
        largeImages: largeImagesAnswer(text("large-images")),
        unsaved: unsavedAnswer(flag),
        json: flag("json"),
      });
    }
    case "batch": {
      tooMany(1);
      const { batch } = await import("./batch.js");
      return batch(context, {
        folder: positionals[0],
        out: text("out"),
        retry: flag("retry"),
        list: text("list"),
        deleteAll: flag("delete-all"),
        yes: flag("yes"),
        ...conversionFlags(text, flag),
        json: flag("json"),
      });
    }
    case "publish": {
      tooMany(1);
      const { publish } = await import("./publish.js");
      return publish(context, {
        project: positionals[0],
        format: text("format"),
        out: text("out"),
        title: text("title"),
        description: text("description"),
        keywords: text("keywords"),
        lang: text("lang"),
        width: text("width"),
        height: text("height"),
        seoText: flag("seo-text"),
        script: text("script"),
        window: text("window"),
        appName: text("app-name"),
        appId: text("app-id"),
        versionCode: text("version-code"),
        versionName: text("version-name"),
        signature: text("signature"),
        signaturePassword: text("signature-password"),
        server: text("server"),
        json: flag("json"),
      });
    }
    case "signature": {
      tooMany(1);
      const { signature } = await import("./signatures.js");
      return signature(context, {
        action: positionals[0],
        server: text("server"),
        name: text("name"),
        validity: text("validity"),
        password: text("password"),
        confirm: text("confirm"),
        unit: text("unit"),
        organisation: text("organisation"),
        city: text("city"),
        state: text("state"),
        country: text("country"),
        json: flag("json"),
      });
    }
    case "login": {
      tooMany(0);
      const { login } = await import("./account.js");
      return login(context, {
        server: text("server"),
        email: text("email"),
        password: text("password"),
        json: flag("json"),
      });
    }
    case "logout": {
      tooMany(0);
      const { logout } = await import("./account.js");
      return logout(context);
    }
    case "upload": {
      tooMany(1);
      const { upload } = await import("./upload.js");
      return upload(context, {
        project: positionals[0],
        server: text("server"),
        email: text("email"),
        password: text("password"),
        title: text("title"),
        keywords: text("keywords"),
        description: text("description"),
        category: text("category"),
        htmlText: flag("html-text"),
        publication: flag("publication"),
        overwrite: text("overwrite"),
        pdfPassword: text("pdf-password"),
        chunkSize: text("chunk-size"),
        rate: text("rate"),
        noWait: flag("no-wait"),
        yes: flag("yes"),
        force: flag("force"),
        json: flag("json"),
      });
    }
    case "pull": {
      tooMany(1);
      const { pull } = await import("./pull.js");
      return pull(context, {
        book: positionals[0],
        out: text("out"),
        server: text("server"),
        force: flag("force"),
        unsaved: unsavedAnswer(flag),
        json: flag("json"),
      });
    }
    case "project": {
      if (positionals[0] === "audio") {
        tooMany(3);
        const { projectAudio } = await import("./page-audio/project-audio.js");
        return projectAudio(context, {
          project: positionals[1],
          page: positionals[2],
          tts: text("tts"),
          voice: text("voice"),
          speed: text("speed"),
          mp3: text("mp3"),
          text: text("text"),
          clear: flag("clear"),
          caption: text("caption"),
          autoFlip: text("auto-flip"),
          pause: text("pause"),
          pauseWithoutAudio: text("pause-without-audio"),
          json: flag("json"),
        });
      }
      const { projectCommand } = await import("./projects.js");
      return projectCommand(context, {
        action: positionals[0],
        project: positionals[1],
        assignments: positionals.slice(2),
        name: text("name"),
        unsaved: unsavedAnswer(flag),
        json: flag("json"),
      });
    }
    case "design": {
      tooMany(3);
      const { design } = await import("./design.js");
      return design(context, { action: positionals[0], args: positionals.slice(1), json: flag("json") });
    }
    case "template": {
      tooMany(3);
      const { template } = await import("./templates.js");
      return template(context, {
        action: positionals[0],
        args: positionals.slice(1),
        name: text("name"),
        cover: text("cover"),
        parts: text("parts"),
        out: text("out"),
        json: flag("json"),
      });
    }
    case "studio": {
      tooMany(1);
      const { studio } = await import("./studio.js");
      return studio(context, {
        project: positionals[0],
        server: text("server"),
        start: !flag("no-start"),
        open: flag("open"),
        lang: text("lang"),
        unsaved: unsavedAnswer(flag),
        json: flag("json"),
      });
    }
    case "account": {
      tooMany(0);
      const { account } = await import("./account-info.js");
      return account(context, { server: text("server"), limit: text("limit"), json: flag("json") });
    }
    case "books": {
      tooMany(2);
      const { books } = await import("./books.js");
      return books(context, {
        action: positionals[0],
        bookId: positionals[1],
        server: text("server"),
        page: text("page"),
        pageSize: text("page-size"),
        status: text("status"),
        type: text("type"),
        keyword: text("keyword"),
        yes: flag("yes"),
        json: flag("json"),
      });
    }
    case "logs": {
      tooMany(1);
      const { logs } = await import("./logs.js");
      return logs(context, { action: positionals[0], out: text("out"), json: flag("json") });
    }
    case "feedback": {
      tooMany(1);
      const { feedback } = await import("./feedback.js");
      return feedback(context, {
        message: positionals[0],
        email: text("email"),
        logs: flag("logs"),
        server: text("server"),
        json: flag("json"),
      });
    }
    case "update": {
      tooMany(1);
      const { update } = await import("./update.js");
      return update(context, { action: positionals[0], server: text("server"), json: flag("json") });
    }
  }
}

/** --large-images continue|skip: what to do with images over 10 MB (asked on a terminal). */
function largeImagesAnswer(value: string | undefined): "skip" | "continue" | undefined {
  if (value === undefined) return undefined;
  if (value !== "skip" && value !== "continue") throw new UsageError(message("largeImagesFlag"));
  return value;
}

/** --save-changes / --discard-changes: what to do with a project's unsaved changes (asked on a terminal). */
function unsavedAnswer(flag: (key: string) => boolean): "save" | "discard" | undefined {
  if (flag("save-changes") && flag("discard-changes")) {
    throw new UsageError(message("unsavedFlags"));
  }
  return flag("save-changes") ? "save" : flag("discard-changes") ? "discard" : undefined;
}

/** Rendering engine, wide-page cut and information extraction, shared by import and batch. */
/** The conversion options import and batch share: page range, quality preset and bounds, engine, cut, extraction. */
function conversionFlags(text: (key: string) => string | undefined, flag: (key: string) => boolean) {
  return {
    pages: text("pages"),
    quality: text("quality"),
    definition: text("definition"),
    maxEdge: text("max-edge"),
    dpi: text("dpi"),
    engine: text("engine"),
    cut: text("cut"),
    noToc: flag("no-toc"),
    noLinks: flag("no-links"),
    noSearch: flag("no-search"),
  };
}

/** Failures start with the program's name, as command-line tools' do (a name, the same in every language). */
const programName = "turnleaf";
const context = processContext(process.argv.slice(2));
let settled = false;
// A command whose work was left waiting on nothing would otherwise end silently with status 0.
process.once("beforeExit", () => {
  if (settled) return;
  context.note(`${programName}: ${context.t("stoppedEarly")}`);
  process.exitCode = exitCodes.internal;
});
const started = Date.now();
const [given] = withoutLeadingLanguage(process.argv.slice(2));
const commandName = given && given in commandOptions ? given : "help";
const logged = (exitCode: number, error?: unknown) =>
  logCommand(context, {
    at: new Date(started).toISOString(),
    command: commandName,
    exitCode,
    ...(error === undefined ? {} : { failure: failureKey(error) }),
    ms: Date.now() - started,
  });
run(process.argv.slice(2), context).then(
  async () => {
    settled = true;
    // A command may have set its own status (update check: 1 when a newer version is published).
    process.exitCode = process.exitCode ?? 0;
    await logged(Number(process.exitCode));
  },
  async (error: unknown) => {
    settled = true;
    const { message, exitCode } = describeFailure(error, context.t);
    context.note(`${programName}: ${message}`);
    process.exitCode = exitCode;
    await logged(exitCode, error);
  },
);
