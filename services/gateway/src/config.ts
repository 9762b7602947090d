import { fileURLToPath } from "node:url";
import { type Env, env, loadConfig, s3Env } from "@turnleaf/kit";

export function readConfig(source: Env) {
  return loadConfig(
    "gateway",
    {
      LOG_LEVEL: env.logLevel,
      HOST: env.host,
      PORT: env.port.default(8080),
      BOOK_SERVICE_ADDR: env.hostPort,
      POWER_SERVICE_ADDR: env.hostPort,
      UPLOAD_SERVICE_ADDR: env.hostPort,
      CONVERSION_SERVICE_ADDR: env.hostPort,
      LICENCE_SERVICE_ADDR: env.hostPort,
      LANGUAGE_SERVICE_ADDR: env.hostPort,
      INSIGHT_SERVICE_ADDR: env.hostPort,
      MONGODB_URI: env.mongodbUri,
      NATS_URL: env.natsUrl,
      ...s3Env,
      /** Where converted books are: the hosted reader serves their pages from it. */
      S3_BUCKET_BOOKS: env.text.default("turnleaf-books"),
      /**
       * Signs readers' grants to password-protected books (≥ 32 characters). Unset: a random one per process, so
       * grants do not survive a restart nor work across replicas — set it in any deployment with more than one.
       */
      READER_GRANT_SECRET: env.text.min(32, "at least 32 characters").optional(),
      /**
       * The secret readers' daily salts derive from (unique readers without cookies; ≥ 32 characters). Unset: a
       * random one per process, so two replicas count one reader twice a day — set it with more than one.
       */
      STATISTICS_SALT_SECRET: env.text.min(32, "at least 32 characters").optional(),
      /**
       * Reading events (the reader's beacon) one client address may send a minute, per gateway replica; beyond them
       * the beacon answers 429 (issue #33: a flood of beacons inflating a book's statistics).
       */
      BEACON_EVENTS_PER_MINUTE: env.positiveInteger.default(600),
      /** The built reader (web/reader/dist); the image puts it beside the gateway. */
      READER_DIST_DIR: env.text.default(fileURLToPath(new URL("../../../web/reader/dist", import.meta.url))),
      /**
       * The command-line tool (services/cli/dist/main.bundle.mjs) the editor's package builds run (publish.routes.ts): it
       * pulls the book and runs the offline builder and the EXE/APP/APK toolchains; the image puts it beside the gateway.
       */
      TURNLEAF_CLI_MAIN: env.text.default(fileURLToPath(new URL("../../cli/dist/main.bundle.mjs", import.meta.url))),
      /** How long one step of a package build (pull, publish) may take, in milliseconds. */
      PUBLISH_TIMEOUT_MS: env.positiveInteger.default(600_000),
      /** The built editor (web/editor/dist), served under /book_edit2/; the image puts it beside the gateway. */
      EDITOR_DIST_DIR: env.text.default(fileURLToPath(new URL("../../../web/editor/dist", import.meta.url))),
      /**
       * A local stack (and tests) may act as one user for requests WITHOUT a session cookie. Never set in a
       * deployment: without it, such requests answer LOGIN_SIGNOUT. A request with the cookie always acts as its session.
       */
      DEV_ACTOR_USER_ID: env.text.regex(/^[0-9]{1,20}$/, "expected a numeric user id").optional(),
      /**
       * Which proxies' X-Forwarded-For to believe for the client's address (the licence guess limit keys on it):
       * a hop count ("1" behind one ingress), or addresses/CIDRs, comma separated. Unset: the socket's peer.
       */
      TRUST_PROXY: env.text
        .regex(/^(\d{1,2}|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/, "expected a hop count or addresses")
        .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(",").map((part) => part.trim())))
        .optional(),
      /**
       * Origins besides the gateway's own host whose pages may POST to /api/ (comma separated, e.g.
       * "https://editor.example.com"); a cross-site Origin otherwise answers 403.
       */
      ALLOWED_ORIGINS: env.text
        .regex(
          /^\s*https?:\/\/[^\s,/]+\/?\s*(,\s*https?:\/\/[^\s,/]+\/?\s*)*$/,
          "expected origins like https://host:port, comma separated",
        )
        .transform((value) => value.split(",").map((origin) => origin.trim()))
        .optional(),
      /**
       * The product's own host names (comma separated, e.g. "books.example.com,www.books.example.com"). A request
       * to any other host (a white-label or embedding domain pointed at the gateway) acts as user type 32 for power
       * decisions (spec 000 §6). Unset: every host is the product's.
       */
      PRODUCT_HOSTS: env.text
        .regex(/^\s*[A-Za-z0-9.-]+\s*(,\s*[A-Za-z0-9.-]+\s*)*$/, "expected host names, comma separated")
        .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()))
        .optional(),
      /**
       * The origin readers and owners reach the gateway at (e.g. "https://books.example.com"): canonical, share,
       * oEmbed and QR links are built on it, never on the request's Host header. Set it in every deployment; unset
       * (a local stack, tests), links follow the request's own host.
       */
      PUBLIC_URL: env.text
        .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/, "expected an origin like https://books.example.com")
        .optional(),
      /**
       * Where owners reach support (spec 000 §6: the support QR image the limit confirms open): a mailto:, tel: or
       * http(s) link the editor draws as a QR code. Unset: the local stack's placeholder mailbox.
       */
      SUPPORT_CONTACT: env.text
        .regex(
          /^(mailto:[^\s]+@[^\s]+|tel:\+?[0-9 ()-]{3,30}|https?:\/\/[^\s]+)$/,
          "expected a mailto:, tel: or http(s) link",
        )
        .max(500)
        .default("mailto:support@turnleaf.local"),
      /** The desktop tool's version the platform publishes (`turnleaf update check`); unset: this checkout's. */
      DESKTOP_LATEST_VERSION: env.text.regex(/^\d{1,6}(\.\d{1,6}){0,3}$/, "expected a version like 1.4.2").optional(),
      /** Where that version is downloaded from, shown by the update check. */
      DESKTOP_DOWNLOAD_URL: env.text
        .regex(/^https?:\/\/[^\s]+$/, "expected an http(s) link")
        .max(500)
        .optional(),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type GatewayConfig = ReturnType<typeof readConfig>;
