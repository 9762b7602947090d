import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { UploadTaskState, UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import {
  type Logger,
  type NatsConnection,
  publishEvent,
  type RunningConsumer,
  runConsumer,
  streams,
  subjects,
} from "@turnleaf/kit";
import type { PaymentsRepository } from "../data/payments.repository.js";
import type { BookSlotRepository, PlanRepository } from "../data/quota.repositories.js";
import { type HostingChange, planHosting } from "../domain/hosting.js";
import { ledgerEntry } from "../domain/ledger-entry.js";
import { teamWithoutPlan } from "../domain/plans.js";

/** Announces a book's hosting change (the book service disables or re-enables the book). */
export type HostingPublisher = (change: HostingChange) => Promise<void>;

export function natsHostingPublisher(nats: NatsConnection): HostingPublisher {
  return async (change) => {
    await publishEvent(
      nats,
      subjects.bookHostingChanged(change.bookId),
      BookHostingChangedSchema,
      { bookId: change.bookId, userId: change.userId, suspended: change.suspended, reason: change.reason },
      // A sweep that published but failed to store its result publishes again: JetStream drops the copy.
      { messageId: `hosting-${change.slotId}-${change.suspended ? "suspended" : "resumed"}-${change.at}` },
    );
  };
}

export interface SweepReport {
  accounts: number;
  charged: number;
  suspended: number;
  resumed: number;
  /** Accounts left for the next sweep because their balance changed while this one planned. */
  skipped: number;
}

/**
 * One hosting sweep at the clock's time: for every account holding slots, the pure planner decides charges and
 * suspensions; the new balance is written only if nobody changed it meanwhile (else the account waits for the next
 * sweep), then each event is published and the slot's state stored.
 */
export async function sweepHosting(deps: {
  plans: PlanRepository;
  slots: BookSlotRepository;
  publish: HostingPublisher;
  now: () => Date;
  log: Logger;
  /** The users' ledger: each charge is an entry. */
  ledger?: PaymentsRepository;
}): Promise<SweepReport> {
  const report: SweepReport = { accounts: 0, charged: 0, suspended: 0, resumed: 0, skipped: 0 };
  const now = deps.now();
  for (const account of await deps.slots.accountsWithSlots()) {
    const plan = (await deps.plans.findPlan(account)) ?? teamWithoutPlan;
    const slots = await deps.slots.listAccountSlots(account);
    const planned = planHosting(
      plan,
      slots.map((slot) => ({
        id: slot._id,
        slot: slot.slot,
        bookId: slot.bookId ?? "",
        userId: slot.userId,
        reservedAt: slot.reservedAt,
        paidUntil: slot.paidUntil ?? null,
        pauseAt: slot.pauseAt ?? null,
        suspended: slot.suspended ?? false,
      })),
      now,
    );
    if (planned.charged > 0) {
      const entry = ledgerEntry(account, undefined, "hosting-charge", plan, { ...plan, points: planned.points }, now, {
        source: "hosting-sweep",
        detail: `${planned.charged} hosted books × 1 month`,
      });
      // The charge's ledger entry is parked in the balance's own write and copied after (PaymentsRepository).
      if (!(await deps.plans.replacePoints(account, plan.points, planned.points, deps.ledger ? entry : undefined))) {
        report.skipped += 1;
        continue;
      }
      await deps.plans.record({
        account,
        action: "charge-hosting",
        detail: `${planned.charged} points for a month of hosting (${planned.points} left)`,
        actor: "hosting-sweep",
        reason: "monthly hosting",
        at: now,
      });
      await deps.ledger?.settleLedger(account);
    }
    for (const event of planned.events) await deps.publish(event);
    for (const change of planned.changes) await deps.slots.updateHosting(change.id, change);
    report.accounts += 1;
    report.charged += planned.charged;
    report.suspended += planned.events.filter((event) => event.suspended).length;
    report.resumed += planned.events.filter((event) => !event.suspended).length;
  }
  if (report.charged + report.suspended + report.resumed + report.skipped > 0) {
    deps.log.info(report, "hosting sweep");
  }
  return report;
}

/** Runs the sweep now and then every interval; a failed sweep is logged and the next one tries again. */
export function startHostingSweeps(
  sweep: () => Promise<SweepReport>,
  intervalMs: number,
  log: Logger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweep().catch((error: unknown) => log.error({ err: error }, "hosting sweep failed"));
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Learns which book an upload's slot became: the upload service publishes COMPLETED with the book id on
 * upload.v1.task.<id>.state, and the slot is keyed "upload:<task id>" (its ReserveBookSlot key).
 */
export async function startSlotBookConsumer(
  nats: NatsConnection,
  slots: BookSlotRepository,
  log: Logger,
  durable = "power-slot-books",
): Promise<RunningConsumer> {
  return runConsumer(
    nats,
    {
      stream: streams.upload.name,
      durable,
      filterSubjects: [subjects.uploadTaskState("*")],
      schema: UploadTaskStateChangedSchema,
      maxDeliver: 5,
      ackWaitMs: 30_000,
      retryDelayMs: 2_000,
      deadLetterSubject: `power.v1.dead.${durable}`,
      async handle(event) {
        if (event.state !== UploadTaskState.COMPLETED || event.bookId === "") return;
        await slots.attachBook(`upload:${event.taskId}`, event.bookId);
      },
    },
    log,
  );
}
