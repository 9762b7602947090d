import { createHash, randomUUID } from "node:crypto";
import { internalFault, type RateLimit } from "@turnleaf/kit";
import {
  generateLicenceCode,
  type LicenceAnswer,
  normaliseLicenceCode,
  normaliseTerminalCode,
  parseOfflineRequest,
  sameTerminalComponents,
  signLicenceAnswer,
  terminalComponentHashes,
} from "@turnleaf/licence-client";
import type { ActivationRepository } from "../data/activation.repository.js";
import type { ActivationDocument, Channel } from "../data/activation.schema.js";
import type { LicenceRepository } from "../data/licence.repository.js";
import type { LicenceDocument } from "../data/licence.schema.js";
import type { LicenceEventRepository } from "../data/licence-event.repository.js";
import type { LicenceEventDocument, LicenceEventSource } from "../data/licence-event.schema.js";
import {
  type ActivationFacts,
  activationSummary,
  checkIssueOrder,
  checkRegistrable,
  checkReleasable,
  freeSlot,
  type LicenceFacts,
  licenceAnswerFor,
  licenceCodeHash,
  licenceCodeHint,
  licenceStateAt,
} from "../domain/licence-rules.js";
import { refuse } from "../domain/refusals.js";
import type { SigningKey } from "../domain/signing-key.js";

export interface LicenceDeskSettings {
  onlineAnswerTtlDays: number;
  offlineAnswerTtlDays: number;
  guessLimit: number;
  guessWindowSeconds: number;
}

export interface LicenceDeskDependencies {
  licences: LicenceRepository;
  activations: ActivationRepository;
  events: LicenceEventRepository;
  /** Refused codes per terminal and per client address (the kit's MongoDB rate limit). */
  guesses: RateLimit;
  signingKey: SigningKey;
  /** The secret licence codes are hashed with. */
  codePepper: string;
  settings: LicenceDeskSettings;
  /** The service's clock (a dependency, so tests can move it). */
  now: () => Date;
}

/** Who asks, as the caller (gateway or operator command) knows it. */
export interface Asker {
  clientAddress: string;
  accountId: string;
  source: LicenceEventSource;
}

export interface TerminalRequest {
  licenceCode: string;
  terminalCode: string;
  nonce: string;
}

export interface SignedAnswer {
  signed: string;
  answer: LicenceAnswer;
}

export interface LicenceView {
  licence: LicenceDocument;
  owner: string | undefined;
}

export type LicenceSelector = { licenceId: string } | { licenceCode: string };

const noncePattern = /^[A-Za-z0-9_-]{16,128}$/;
const maxLabelLength = 100;

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function licenceFacts(licence: LicenceDocument): LicenceFacts {
  return {
    id: licence._id,
    plan: licence.plan,
    expiresAt: licence.expiresAt,
    maxActivations: licence.maxActivations,
    status: licence.status,
  };
}

function activationFacts(activation: ActivationDocument): ActivationFacts {
  return { ...activation, id: activation._id };
}

interface CheckedTerminalRequest {
  licenceCode: string;
  terminalCode: string;
  nonce: string;
}

/**
 * The licence desk: every question the desktop tool and the operator ask, answered against the stores.
 * Domain rules live in domain/; this class orders the reads and writes around them.
 */
export class LicenceDesk {
  constructor(private readonly deps: LicenceDeskDependencies) {}

  /** Online (or, from a request file, offline) registration: activates the terminal, or finds it activated. */
  async register(
    request: TerminalRequest & { terminalLabel: string },
    asker: Asker,
    channel: Channel = "online",
  ): Promise<SignedAnswer> {
    const checked = this.checkTerminalRequest(request);
    const label = request.terminalLabel.trim();
    if (label.length > maxLabelLength)
      throw refuse.parameter("terminalLabel", `must be at most ${maxLabelLength} characters`);
    const licence = await this.findLicenceForTerminal(checked, asker);
    const now = this.deps.now();
    const owner = await this.deps.licences.ownerOf(licence._id);
    checkRegistrable(licenceFacts(licence), { boundAccountId: owner, callerAccountId: asker.accountId }, now);
    const activation = await this.activate(licence, checked.terminalCode, label, channel, asker, now);
    if (asker.accountId && !owner) {
      const claimed = await this.deps.licences.claimOwner(licence._id, asker.accountId, now);
      if (claimed !== asker.accountId) {
        // Another account claimed the licence at the same moment: this activation was not this account's to make.
        await this.release(licence._id, activation, asker, now, "rolled back: licence bound to another account");
        throw refuse.alreadyUsed();
      }
    }
    return this.answer(licence, activation, checked, channel, now);
  }

  /** Offline registration: the request file names the licence, terminal and nonce; the answer is the verification file. */
  async registerOffline(requestFile: string, asker: Asker): Promise<SignedAnswer> {
    const request = parseOfflineRequest(requestFile);
    if (!request) throw refuse.parameter("requestFile", "is not an offline request file");
    return this.register(request, asker, "offline");
  }

  /** What the licence grants the terminal now; a fresh signed answer either way. */
  async status(request: TerminalRequest, asker: Asker): Promise<SignedAnswer> {
    const checked = this.checkTerminalRequest(request);
    const licence = await this.findLicenceForTerminal(checked, asker);
    const now = this.deps.now();
    const mine = this.matching(await this.deps.activations.listForLicence(licence._id), checked.terminalCode);
    if (mine && licenceStateAt(licenceFacts(licence), now) === "active") {
      await this.deps.activations.recordSeen(mine._id, { ...this.seen(mine, checked.terminalCode), lastSeenAt: now });
    }
    return this.answer(licence, mine, checked, mine?.channel ?? "online", now);
  }

  /**
   * Releases this terminal's activation, or another one of the licence by id (a user refused with 404 frees a
   * machine they no longer use). Releasing what is not activated is a success: the terminal is in trial anyway.
   */
  async deactivate(request: TerminalRequest & { activationId: string }, asker: Asker): Promise<SignedAnswer> {
    const checked = this.checkTerminalRequest(request);
    const licence = await this.findLicenceForTerminal(checked, asker);
    const now = this.deps.now();
    const activations = await this.deps.activations.listForLicence(licence._id);
    const mine = this.matching(activations, checked.terminalCode);
    let target = mine;
    if (request.activationId) {
      target = activations.find((activation) => activation._id === request.activationId);
      if (!target) throw refuse.parameter("activationId", "is not an activation of this licence");
      const owner = await this.deps.licences.ownerOf(licence._id);
      checkReleasable({ ownTerminal: target === mine }, { boundAccountId: owner, callerAccountId: asker.accountId });
    }
    if (target) await this.release(licence._id, target, asker, now, "");
    const remaining = target === mine ? undefined : mine;
    return this.answer(licence, remaining, checked, "online", now);
  }

  async issue(
    order: { plan: string; maxActivations: number; expiresAt: Date | null; accountId: string },
    asker: Asker,
  ): Promise<{ licence: LicenceDocument; licenceCode: string }> {
    const now = this.deps.now();
    checkIssueOrder(order, now);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const licenceCode = generateLicenceCode();
      const licence: LicenceDocument = {
        _id: `lic_${randomUUID().replaceAll("-", "")}`,
        codeHash: licenceCodeHash(licenceCode, this.deps.codePepper),
        codeHint: licenceCodeHint(licenceCode),
        plan: order.plan,
        edition: "registered",
        expiresAt: order.expiresAt,
        maxActivations: order.maxActivations,
        status: "active",
        issuedAt: now,
        revokedAt: null,
        revokeReason: "",
      };
      if (!(await this.deps.licences.tryInsert(licence))) continue; // 115 random bits collided: draw again
      if (order.accountId) await this.deps.licences.claimOwner(licence._id, order.accountId, now);
      await this.audit(licence._id, "issue", asker, now, {
        detail: `plan ${order.plan}, ${order.maxActivations} activations`,
      });
      return { licence, licenceCode };
    }
    throw internalFault("could not draw an unused licence code");
  }

  async revoke(selector: LicenceSelector, reason: string, asker: Asker): Promise<LicenceView> {
    const licence = await this.select(selector);
    const now = this.deps.now();
    if (licence.status !== "revoked") {
      await this.deps.licences.revoke(licence._id, now, reason);
      await this.audit(licence._id, "revoke", asker, now, { detail: reason });
    }
    return this.view(await this.select({ licenceId: licence._id }));
  }

  async setExpiry(selector: LicenceSelector, expiresAt: Date | null, asker: Asker): Promise<LicenceView> {
    const licence = await this.select(selector);
    const now = this.deps.now();
    await this.deps.licences.setExpiry(licence._id, expiresAt);
    await this.audit(licence._id, "set-expiry", asker, now, { detail: expiresAt?.toISOString() ?? "lifetime" });
    return this.view(await this.select({ licenceId: licence._id }));
  }

  async describe(
    selector: LicenceSelector,
  ): Promise<LicenceView & { activations: ActivationDocument[]; events: LicenceEventDocument[] }> {
    const licence = await this.select(selector);
    const [view, activations, events] = await Promise.all([
      this.view(licence),
      this.deps.activations.listForLicence(licence._id),
      this.deps.events.listForLicence(licence._id),
    ]);
    return { ...view, activations, events };
  }

  private checkTerminalRequest(request: TerminalRequest): CheckedTerminalRequest {
    if (!noncePattern.test(request.nonce)) throw refuse.parameter("nonce", "must be 16-128 base64url characters");
    const terminalCode = normaliseTerminalCode(request.terminalCode);
    if (!terminalCode) throw refuse.parameter("terminalCode", "is not a terminal code");
    if (request.licenceCode.trim() === "") throw refuse.emptyCode();
    return { licenceCode: request.licenceCode, terminalCode, nonce: request.nonce };
  }

  /**
   * Finds the licence a terminal names, behind the guess limit: an address or terminal with too many refused
   * codes in the window is refused before its code is even looked at. Unknown and malformed codes answer alike.
   */
  private async findLicenceForTerminal(request: CheckedTerminalRequest, asker: Asker): Promise<LicenceDocument> {
    const keys = [`terminal:${sha256(request.terminalCode)}`];
    if (asker.clientAddress) keys.push(`address:${asker.clientAddress}`);
    // Only refused codes count: a burst of right codes from one office's address must all be heard (100 at once
    // hold the activation limit, tests/licence). At the limit even the right code is refused.
    const states = await Promise.all(keys.map((key) => this.deps.guesses.peek(key)));
    const over = states.filter((state) => !state.allowed || state.consumed >= this.deps.settings.guessLimit);
    if (over.length > 0) {
      throw refuse.tooManyGuesses(Math.max(1, ...over.map((state) => state.retryAfterSeconds)));
    }
    const code = normaliseLicenceCode(request.licenceCode);
    const licence = code ? await this.deps.licences.findByCodeHash(licenceCodeHash(code, this.deps.codePepper)) : null;
    if (!licence) {
      await Promise.all(keys.map((key) => this.deps.guesses.count(key)));
      throw refuse.licenceCode();
    }
    return licence;
  }

  /**
   * Takes a slot for the terminal, or finds the activation it already holds (matched by its components, one of
   * which may have changed). The unique index on (licence, slot) arbitrates concurrent activations: a loser
   * reads again and tries the next free slot, so exactly maxActivations terminals ever hold one.
   */
  private async activate(
    licence: LicenceDocument,
    terminalCode: string,
    label: string,
    channel: Channel,
    asker: Asker,
    now: Date,
  ): Promise<ActivationDocument> {
    for (let attempt = 0; attempt <= licence.maxActivations + 2; attempt += 1) {
      const activations = await this.deps.activations.listForLicence(licence._id);
      const mine = this.matching(activations, terminalCode);
      if (mine) {
        const seen = {
          ...this.seen(mine, terminalCode),
          terminalLabel: label || mine.terminalLabel,
          channel,
          lastSeenAt: now,
        };
        await this.deps.activations.recordSeen(mine._id, seen);
        await this.audit(licence._id, "reactivate", asker, now, { activation: mine, channel });
        return { ...mine, ...seen };
      }
      const slot = freeSlot(licence.maxActivations, activations);
      if (slot === undefined) {
        throw refuse.limitReached(
          licence.maxActivations,
          activations.map((activation) => activationSummary(activationFacts(activation))),
        );
      }
      const activation: ActivationDocument = {
        _id: `act_${randomUUID().replaceAll("-", "")}`,
        licenceId: licence._id,
        slot,
        terminalKey: sha256(terminalCode),
        terminalComponents: terminalComponentHashes(terminalCode),
        terminalLabel: label,
        channel,
        activatedAt: now,
        lastSeenAt: now,
      };
      if (await this.deps.activations.tryInsert(activation)) {
        await this.audit(licence._id, "activate", asker, now, { activation, channel });
        return activation;
      }
    }
    throw refuse.contended();
  }

  private async release(
    licenceId: string,
    activation: ActivationDocument,
    asker: Asker,
    now: Date,
    detail: string,
  ): Promise<void> {
    await this.deps.activations.delete(activation._id);
    await this.audit(licenceId, "deactivate", asker, now, { activation, channel: activation.channel, detail });
  }

  private matching(activations: ActivationDocument[], terminalCode: string): ActivationDocument | undefined {
    const components = terminalComponentHashes(terminalCode);
    return activations.find((activation) => sameTerminalComponents(activation.terminalComponents, components));
  }

  /** A matched terminal's components as seen now: the one that changed is remembered, so the next may change too. */
  private seen(activation: ActivationDocument, terminalCode: string) {
    return {
      terminalKey: sha256(terminalCode),
      terminalComponents: terminalComponentHashes(terminalCode),
      terminalLabel: activation.terminalLabel,
      channel: activation.channel,
    };
  }

  private answer(
    licence: LicenceDocument,
    activation: ActivationDocument | undefined,
    request: CheckedTerminalRequest,
    channel: Channel,
    now: Date,
  ): SignedAnswer {
    const { settings, signingKey } = this.deps;
    const answer = licenceAnswerFor({
      licence: licenceFacts(licence),
      activation: activation && activationFacts(activation),
      terminalCode: request.terminalCode,
      nonce: request.nonce,
      channel,
      now,
      answerTtlDays: channel === "offline" ? settings.offlineAnswerTtlDays : settings.onlineAnswerTtlDays,
    });
    return { signed: signLicenceAnswer(answer, signingKey.privateKey, signingKey.keyId), answer };
  }

  private async select(selector: LicenceSelector): Promise<LicenceDocument> {
    let licence: LicenceDocument | null = null;
    if ("licenceId" in selector) {
      licence = await this.deps.licences.findById(selector.licenceId);
    } else {
      const code = normaliseLicenceCode(selector.licenceCode);
      if (code) licence = await this.deps.licences.findByCodeHash(licenceCodeHash(code, this.deps.codePepper));
    }
    if (!licence) throw refuse.licenceCode();
    return licence;
  }

  private async view(licence: LicenceDocument): Promise<LicenceView> {
    return { licence, owner: await this.deps.licences.ownerOf(licence._id) };
  }

  private async audit(
    licenceId: string,
    action: LicenceEventDocument["action"],
    asker: Asker,
    at: Date,
    extra: { activation?: ActivationDocument; channel?: Channel; detail?: string },
  ): Promise<void> {
    await this.deps.events.append({
      licenceId,
      at,
      action,
      activationId: extra.activation?._id ?? "",
      terminalKey: extra.activation?.terminalKey ?? "",
      channel: extra.channel ?? "",
      source: asker.source,
      accountId: asker.accountId,
      clientAddress: asker.clientAddress,
      detail: extra.detail ?? "",
    });
  }
}
