/** Stores named in the environment are used instead of local ones, and then every worker and system shares them. */
export const externalStores = ["MONGODB_URI", "NATS_URL", "S3_ENDPOINT"].some((name) => process.env[name]);
