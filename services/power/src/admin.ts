#!/usr/bin/env node
/**
 * The operators' view of plans and ledgers (issue #38), read from the power service's database:
 *
 *   npm run admin -w services/power -- plans [--limit N] [--json]
 *   npm run admin -w services/power -- ledger <email or user id> [--limit N] [--json]
 *
 * MONGODB_URI and MONGODB_DATABASE as the service reads them; stdout carries only the answer. It only reads: a plan is set through the
 * PowerAdminService SetPlan RPC (audited, and a ledger entry), as support does.
 */
import { parseArgs } from "node:util";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { AccountRepository } from "./data/account.repository.js";
import { PaymentsRepository } from "./data/payments.repository.js";
import { BookSlotRepository } from "./data/quota.repositories.js";
import { formatLedger, formatPlans } from "./domain/admin-views.js";

const usage = "usage: admin plans [--limit N] [--json] | admin ledger <email or user id> [--limit N] [--json]";

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { limit: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [command, who] = positionals;
  if (values.help || !command || !["plans", "ledger"].includes(command) || (command === "ledger" && !who)) {
    process.stderr.write(`${usage}\n`);
    return values.help ? 0 : 64;
  }
  const limit = Math.max(1, Math.min(1000, Number(values.limit ?? "100") || 100));
  const config = readConfig(process.env);
  const log = createLogger({ service: "power-admin", level: "silent" });
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  try {
    const payments = new PaymentsRepository(mongo);
    const accounts = new AccountRepository(mongo);
    const print = (text: string) => process.stdout.write(`${text}\n`);
    if (command === "plans") {
      const plans = await payments.listPlans(limit);
      print(values.json ? JSON.stringify(plans) : formatPlans(plans));
      return 0;
    }
    const target = who ?? "";
    const user = /^\d+$/.test(target)
      ? await accounts.findUser(target)
      : await accounts.findCredentials(target.trim().toLowerCase());
    if (!user) {
      process.stderr.write(`no such user: ${target}\n`);
      return 1;
    }
    const account = `user:${user.userId}`;
    const plan = await payments.findPlan(account);
    const entries = await payments.listLedger(account, limit);
    const slots = await new BookSlotRepository(mongo).listAccountSlots(account);
    const billing = await payments.findBilling("stripe", user.userId);
    if (values.json) {
      const { passwordHash: _hidden, ...shown } = user as typeof user & { passwordHash?: string };
      print(JSON.stringify({ user: shown, plan, billing, hostedBooks: slots.length, ledger: entries }));
    } else {
      print(
        formatLedger({ userId: user.userId, email: user.email, plan, billing, hostedBooks: slots.length, entries }),
      );
    }
    return 0;
  } finally {
    await mongo.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
