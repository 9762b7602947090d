#!/usr/bin/env node
import { type Command, commandOptions, parse, synopsis, usage } from "./command-line.js";
/**
 * turnleaf: the desktop authoring tool on the command line. Results go to stdout, notes and failures to stderr;
 * every failure exits non-zero (see errors.ts and the README for the exit statuses).
 */
import { type Context, languageFlag, processContext } from "./context.js";
import { describeFailure, exitCodes, UsageError } from "./errors.js";
import { cliLanguages, matchLanguage } from "./i18n/languages.js";
import { text as message } from "./i18n/text.js";
import { failureKey, logCommand } from "./logs.js";

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
        icon: text("icon"),
        appId: text("app-id"),
        versionCode: text("version-code"),
        versionName: text("version-name"),
        signature: text("signature"),
        // Or in the environment (the gateway's package builds pass it so: never on a command line others can list).
        signaturePassword: text("signature-password") ?? context.env.TURNLEAF_SIGNATURE_PASSWORD,
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
const context = await processContext(process.argv.slice(2));
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
