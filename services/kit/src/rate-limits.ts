import type { Connection, mongo } from "mongoose";
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from "rate-limiter-flexible";
import { updateAlone } from "./document-lock.js";

/**
 * The platform's one rate-limit mechanism: rate-limiter-flexible's counters behind a small interface. A service
 * declares each limit (points within a window of seconds) in its config; this module builds it on the store the
 * limit needs — the service's MongoDB (`mongoRateLimit`: one count for every replica, kept across restarts) or the
 * process's memory (`memoryRateLimit`: a hot path's own share, or a count that was never meant to outlive it).
 *
 * A window starts at a key's first point and ends `durationSeconds` later (the library's fixed window per key);
 * with `slide` every point restarts it, so a count is forgotten only after a quiet window.
 */
export interface RateRule {
  /** Points a key may spend within the window. */
  points: number;
  durationSeconds: number;
  /** Each point restarts the window: the count ends after `durationSeconds` without any (a backoff's memory). */
  slide?: boolean;
}

/** Where a key stands: its points counted in the window, and when the window (or a block) ends. */
export interface RateState {
  consumed: number;
  /** Seconds until the window or block ends (at least 1 while one runs); 0 when nothing is counted. */
  retryAfterSeconds: number;
}

export type RateAnswer = ({ allowed: true } | { allowed: false }) & RateState;

export interface RateLimit {
  /** Spends points when they fit; a refusal costs nothing (the refused points are given back). */
  take(key: string, points?: number): Promise<RateAnswer>;
  /** Counts points whatever the total (a failure already made), answering the new state. */
  count(key: string, points?: number): Promise<RateState>;
  /** The key's state without spending: refused once past the allowance or blocked. */
  peek(key: string): Promise<RateAnswer>;
  /** Takes back points spent for something that did not happen after all. */
  giveBack(key: string, points?: number): Promise<void>;
  /** Forgets the key's count (a success that clears failures). */
  forget(key: string): Promise<void>;
  /** Refuses the key for `seconds` from now — unless a longer block already runs. */
  block(key: string, seconds: number): Promise<void>;
}

type Limiter = RateLimiterMemory | RateLimiterMongo;

const seconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

function stateOf(result: RateLimiterRes | null): RateState {
  if (!result) return { consumed: 0, retryAfterSeconds: 0 };
  return { consumed: Math.max(0, result.consumedPoints), retryAfterSeconds: seconds(result.msBeforeNext) };
}

function limitOf(limiter: Limiter, rule: RateRule): RateLimit {
  // `slide` reaches the Mongo store's _upsert (ClockedMongoLimiter), as the library passes a call's options on.
  const options = (rule.slide ? { slide: true } : {}) as Parameters<RateLimiterMongo["consume"]>[2];
  const peek = async (key: string): Promise<RateAnswer> => {
    const state = stateOf(await limiter.get(key, options));
    return { allowed: state.consumed <= rule.points, ...state };
  };
  return {
    async take(key, points = 1) {
      try {
        return { allowed: true, ...stateOf(await limiter.consume(key, points, options)) };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        // The library counts a refused consume; it is given back, so the refusal costs the client nothing.
        await limiter.reward(key, points, options);
        return { allowed: false, ...stateOf(refusal), consumed: Math.max(0, refusal.consumedPoints - points) };
      }
    },
    async count(key, points = 1) {
      return stateOf(await limiter.penalty(key, points, options));
    },
    peek,
    async giveBack(key, points = 1) {
      await limiter.reward(key, points, options);
    },
    async forget(key) {
      await limiter.delete(key);
    },
    async block(key, blockSeconds) {
      await updateAlone(`rate-block:${limiter.keyPrefix}:${key}`, async () => {
        const running = await peek(key);
        if (!running.allowed && running.retryAfterSeconds >= blockSeconds) return;
        await limiter.block(key, blockSeconds);
      });
    },
  };
}

/** A limit held in this process's memory (the gateway's hottest paths; nothing that must outlive the process). */
export function memoryRateLimit(name: string, rule: RateRule): RateLimit {
  if (rule.slide) throw new Error(`rate limit ${name}: a sliding window needs the MongoDB store`);
  const limiter = new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSeconds });
  return limitOf(limiter, rule);
}

interface StoredCount {
  key: string;
  points: number;
  expire: Date | null;
}

/**
 * RateLimiterMongo on the service's clock (an injected `now`, which tests move forward) and with one write per key
 * at a time in this process: the embedded store (FerretDB v1) applies `$inc` by reading and writing the document
 * back, so two concurrent increments of one key lose one (see document-lock.ts); MongoDB applies each atomically
 * across replicas. The store's update is the library's own (find the live window, `$inc`, else start one; a stale
 * window past its expiry is replaced), with `slide` also moving the expiry on each point.
 */
class ClockedMongoLimiter extends RateLimiterMongo {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMongo>[0] & { tableName: string },
    private readonly clock: () => number,
  ) {
    super(options);
    this.table = options.tableName;
  }

  private readonly table: string;

  private get collection() {
    return (this as unknown as { _collection: mongo.Collection<StoredCount> })._collection;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: StoredCount | { value: StoredCount }) {
    const document = "value" in result && result.value !== undefined ? result.value : (result as StoredCount);
    const msBeforeNext =
      document.expire === null ? -1 : Math.max(new Date(document.expire).getTime() - this.clock(), 0);
    const remaining = Math.max(this.points - document.points, 0);
    return new RateLimiterRes(remaining, msBeforeNext, document.points, document.points === changedPoints);
  }

  _get(rlKey: string) {
    const now = new Date(this.clock());
    return this.collection.findOne({ key: rlKey, $or: [{ expire: { $gt: now } }, { expire: { $eq: null } }] });
  }

  private writes = 0;

  /**
   * The unique key index (which arbitrates a window's replacement) and an index on the expiry for the sweep: the
   * embedded store has no TTL index, so every 100th write of this process deletes windows past their end.
   */
  override async createIndexes(): Promise<void> {
    await this.collection.createIndex({ key: 1 }, { unique: true });
    await this.collection.createIndex({ expire: 1 });
  }

  private sweep(now: number): void {
    this.writes = (this.writes + 1) % 100;
    if (this.writes !== 0) return;
    this.collection.deleteMany({ expire: { $lte: new Date(now) } }).catch(() => undefined);
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false, options: { slide?: boolean } = {}) {
    this.sweep(this.clock());
    return updateAlone(`rate:${this.table}:${rlKey}`, () =>
      this.upsertNow(rlKey, points, msDuration, forceExpire, options.slide === true),
    );
  }

  private async upsertNow(
    rlKey: string,
    points: number,
    msDuration: number,
    force: boolean,
    slide: boolean,
  ): Promise<StoredCount> {
    const now = this.clock();
    const expire = msDuration > 0 ? new Date(now + msDuration) : null;
    const live = { $or: [{ expire: { $gt: new Date(now) } }, { expire: { $eq: null } }] };
    const after = { upsert: true, returnDocument: "after" as const };
    if (force) {
      const set = await this.collection.findOneAndUpdate(
        { key: rlKey },
        { $set: { key: rlKey, points, expire } },
        after,
      );
      if (set) return set;
      throw new Error(`rate limit ${rlKey}: the store answered no document`);
    }
    const update = slide
      ? { $setOnInsert: { key: rlKey }, $set: { expire }, $inc: { points } }
      : { $setOnInsert: { key: rlKey, expire }, $inc: { points } };
    try {
      const counted = await this.collection.findOneAndUpdate({ key: rlKey, ...live }, update, after);
      if (counted) return counted;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
    }
    // The key's window has expired (the unique key index refused a second document): a new one replaces it. Another
    // replica may have replaced it first; then the count starts again on its window.
    const replaced = await this.collection.findOneAndUpdate(
      { key: rlKey, expire: { $lte: new Date(now) } },
      { $set: { key: rlKey, points, expire } },
      { returnDocument: "after" },
    );
    return replaced ?? this.upsertNow(rlKey, points, msDuration, force, slide);
  }
}

/**
 * A limit counted in the service's MongoDB (collection `rate_<name>`): every replica sees one count, and a restart
 * forgets nothing. Await `ready()` before the first call (it creates the unique key index and the expiry index).
 */
export function mongoRateLimit(
  connection: Connection,
  name: string,
  rule: RateRule,
  now: () => Date = () => new Date(),
): RateLimit & { ready(): Promise<void> } {
  const limiter = new ClockedMongoLimiter(
    {
      storeClient: connection,
      tableName: `rate_${name.replace(/[^a-z0-9_]/gi, "_")}`,
      keyPrefix: name,
      points: rule.points,
      duration: rule.durationSeconds,
      disableIndexesCreation: true,
    },
    () => now().getTime(),
  );
  return { ...limitOf(limiter, rule), ready: () => limiter.createIndexes() };
}

/** Limits on one service's MongoDB, built by name where they are used (the service's assembly hands this on). */
export type MongoRateLimits = (
  name: string,
  rule: RateRule,
  now?: () => Date,
) => RateLimit & { ready(): Promise<void> };

export function mongoRateLimits(connection: Connection): MongoRateLimits {
  return (name, rule, now) => mongoRateLimit(connection, name, rule, now);
}
