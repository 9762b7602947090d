#!/usr/bin/env node
/**
 * turnleaf: the desktop authoring tool on the command line. Results go to stdout, notes and failures to stderr;
 * every failure exits non-zero (see errors.ts and the README for the exit statuses).
 */
import { parseArgs } from "node:util";
import { type Context, languageFlag, processContext } from "./context.js";
import { describeFailure, exitCodes, UsageError } from "./errors.js";
import { cliLanguages, matchLanguage } from "./i18n/languages.js";

export const usage = `turnleaf: Turnleaf's desktop authoring tool

  turnleaf register <licence code> [--server URL] [--public-key FILE]
  turnleaf register <licence code> --offline [--request-out FILE] [--public-key FILE]
  turnleaf register --import <verification file> [--public-key FILE]
  turnleaf status [--offline] [--server URL]
  turnleaf deactivate [--activation ID] [--code CODE] [--server URL]
  turnleaf terminal
  turnleaf import <file.pdf…|images…|deck.pptx…> --out <project dir> [--pages 1,5-8,20] [--quality FHD|HD|SHD|custom]
                  [--definition 80-95 --max-edge 450-3200 --dpi 72-320] [--password TEXT] [--title TEXT]
                  [--engine text|image] [--cut none|auto|1|2|3] [--no-toc] [--no-links] [--no-search]
                  [--large-images continue|skip] [--save-changes|--discard-changes] (asked on a terminal)
  turnleaf batch <folder> --out <dir> [--retry] [import options]   one project per PDF or image, a task list
  turnleaf batch --out <dir> --list all|success|failure|waiting     the saved task list (Ctrl-C stops all)
  turnleaf publish <project dir> --format html|pwa|wordpress|joomla|drupal --out <dir> [--title T] [--description D]
                   [--keywords K] [--lang zh|en…] [--width 100%] [--height 600] (plug-ins: the embed's size)
                   [--script extra.js] [--seo-text (wordpress: a text version for search engines)]   (exe, app, apk: refused, no toolchain)

  turnleaf studio <project dir> [--server URL] [--no-start] [--open] [--lang en] [--save-changes|--discard-changes]
                  the editor on a local project (starts the local stack when none answers); s saves, q closes
  turnleaf project show|save|discard <project dir> [--name N]       saving with no change is skipped
  turnleaf project set <project dir> key=value…                     a setting, kept unsaved until project save
  turnleaf project open <project dir> [--save-changes|--discard-changes]
  turnleaf template save <project dir> --name N --cover IMAGE --parts settings,theme,…|all
  turnleaf template list | export <name> --out FILE.tltemplate | import FILE | replace <name> <project dir> [--parts …]
  turnleaf template delete <name>
  turnleaf login [--email E] [--password P] [--server URL]                  the cloud session (asks on a terminal)
  turnleaf logout
  turnleaf upload <project dir> [--title T] [--keywords K] [--description D] [--category C] [--html-text]
                  [--publication] [--overwrite BOOKID [--force]] [--pdf-password P] [--chunk-size BYTES] [--rate KB/s]
                  [--no-wait]   the whole project: settings, contents, bookmarks, languages, password, downloads, media
                  (type p / c and Enter to pause / continue; run again after an interruption to resume)
  turnleaf pull <book id> --out <project dir> [--force] [--server URL]   an online book into a new or its own project
                  (changes on the other side since the last upload or pull are shown; --force to overwrite them)
  turnleaf books [list [--status S] [--type book|publication] [--keyword K] [--page N] [--page-size N] | enable ID |
                 disable ID | delete ID --yes]

Options for every command: --json (machine-readable result), --help.
The server is --server, else $TURNLEAF_SERVER, else http://localhost:8080. State lives in $TURNLEAF_HOME, else
$XDG_STATE_HOME/turnleaf, else ~/.local/state/turnleaf.`;

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
  },
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
} as const;

type Command = keyof typeof commandOptions;

function parse(command: Command, args: string[]) {
  try {
    return parseArgs({ args, options: commandOptions[command], allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}

export async function run(argv: string[], context: Context): Promise<void> {
  const [name, ...args] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    context.print(usage);
    return;
  }
  if (!(name in commandOptions)) throw new UsageError(`${context.t("unknownCommand", { name })}\n\n${usage}`);
  const requested = languageFlag(argv);
  if (requested !== undefined && !matchLanguage(requested)) {
    throw new UsageError(context.t("unknownLanguage", { lang: requested, languages: cliLanguages.join(", ") }));
  }
  const command = name as Command;
  const { values, positionals } = parse(command, args);
  const flags = values as Record<string, string | boolean | undefined>;
  const text = (key: string) => (typeof flags[key] === "string" ? (flags[key] as string) : undefined);
  const flag = (key: string) => flags[key] === true;
  if (flag("help")) {
    context.print(usage);
    return;
  }
  const tooMany = (limit: number) => {
    if (positionals.length > limit) {
      throw new UsageError(context.t("unexpectedArgument", { argument: positionals[limit] }));
    }
  };
  switch (command) {
    case "register": {
      tooMany(1);
      const { register } = await import("./licence.js");
      return register(context, {
        code: positionals[0],
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
  }
}

/** --large-images continue|skip: what to do with images over 10 MB (asked on a terminal). */
function largeImagesAnswer(value: string | undefined): "skip" | "continue" | undefined {
  if (value === undefined) return undefined;
  if (value !== "skip" && value !== "continue") throw new UsageError("--large-images must be continue or skip");
  return value;
}

/** --save-changes / --discard-changes: what to do with a project's unsaved changes (asked on a terminal). */
function unsavedAnswer(flag: (key: string) => boolean): "save" | "discard" | undefined {
  if (flag("save-changes") && flag("discard-changes")) {
    throw new UsageError("--save-changes and --discard-changes exclude each other");
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

const context = processContext(process.argv.slice(2));
let settled = false;
// A command whose work was left waiting on nothing would otherwise end silently with status 0.
process.once("beforeExit", () => {
  if (settled) return;
  context.note("turnleaf: unexpected failure: the command stopped before it finished");
  process.exitCode = exitCodes.internal;
});
run(process.argv.slice(2), context).then(
  () => {
    settled = true;
    process.exitCode = 0;
  },
  (error: unknown) => {
    settled = true;
    const { message, exitCode } = describeFailure(error, context.t);
    context.note(`turnleaf: ${message}`);
    process.exitCode = exitCode;
  },
);
