import { ConfigError, type Env, env, loadConfig } from "@turnleaf/kit";

export function readConfig(source: Env) {
  const config = loadConfig(
    "book",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50051),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-book"),
      POWER_SERVICE_ADDR: env.hostPort,
      DEMO_SEED: env.booleanFlag.default(false),
      /**
       * NATS with JetStream: the service follows the power service's hosting events (suspended books). Unset: no
       * book is ever suspended by this service.
       */
      NATS_URL: env.natsUrl.optional(),
      /** S3 for editor assets (upload-file) and the original PDF download. Unset: both answer "not configured". */
      S3_ENDPOINT: env.url.optional(),
      S3_REGION: env.text.default("us-east-1"),
      S3_ACCESS_KEY_ID: env.text.optional(),
      S3_SECRET_ACCESS_KEY: env.text.optional(),
      /** The bucket of editor assets, one folder per user (created when missing). */
      S3_BUCKET_ASSETS: env.text.default("turnleaf-assets"),
      /** Where the conversions write books (read only here: manifests and kept source PDFs). */
      S3_BUCKET_BOOKS: env.text.default("turnleaf-books"),
      /** The upload service's bucket of uploaded originals, read only (the PDF download). */
      S3_BUCKET_SOURCES: env.text.default("turnleaf-sources"),
      /**
       * Hosts (and their subdomains) an owner's external PDF download URL may redirect readers to, comma separated.
       * Another URL would make the download path an open redirect: such a book's download gives its own file.
       */
      PDF_DOWNLOAD_HOSTS: env.text
        .regex(/^\s*[A-Za-z0-9.-]+\s*(,\s*[A-Za-z0-9.-]+\s*)*$/, "expected host names, comma separated")
        .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()))
        .optional(),
      /**
       * A revision replaced by a newer finished one (or of a deleted book) is removed from the books bucket this
       * long after (readers stop getting it at once); the sweep looks every interval. Needs S3 write access to it.
       */
      REVISION_GRACE_SECONDS: env.positiveInteger.default(3600),
      REVISION_SWEEP_INTERVAL_SECONDS: env.positiveInteger.default(600),
      /**
       * The largest video the editor may upload (media on pages; spec 000 §5's file setting allows 10 MB, videos up
       * to this). At most 100 MB: the gateway reads no bigger upload-file body.
       */
      MEDIA_VIDEO_MAX_BYTES: env.positiveInteger.max(100 * 1024 * 1024).default(10_485_760),
      /**
       * Pictures typed as URLs on other sites (a logo) are fetched to be measured: at most this many bytes (spec 000
       * §5's file-setting default, 10 MB) within this time, redirects included.
       */
      REMOTE_PICTURE_MAX_BYTES: env.positiveInteger.default(10_485_760),
      REMOTE_PICTURE_TIMEOUT_MS: env.positiveInteger.default(10_000),
      /**
       * Private networks such a fetch may reach, CIDR blocks comma separated (on-premises picture hosts; e.g.
       * "10.0.0.0/8"). Unset: only the public internet, so an owner cannot make the service call into its own network.
       */
      REMOTE_PICTURE_PRIVATE_NETWORKS: env.privateNetworks.optional(),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
  if (config.S3_ENDPOINT && !(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("book", ["S3_ENDPOINT is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too"]);
  }
  return config;
}

export type BookConfig = ReturnType<typeof readConfig>;
