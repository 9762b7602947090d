import { AccountService } from "@turnleaf/contracts/power/v1/account_service_pb";
import { PaymentService } from "@turnleaf/contracts/power/v1/payment_service_pb";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import type { PowerRepository } from "./data/power.repository.js";
import { accountHandlers } from "./handlers/account.handlers.js";
import type { AccountDesk } from "./handlers/account-desk.js";
import type { CustomPowerDesk } from "./handlers/custom-power-desk.js";
import { paymentHandlers } from "./handlers/payment.handlers.js";
import type { PaymentDesk } from "./handlers/payment-desk.js";
import { powerHandlers } from "./handlers/power.handlers.js";
import { powerAdminHandlers } from "./handlers/power-admin.handlers.js";
import type { PowerDesk } from "./handlers/power-desk.js";

export function buildServices(dependencies: {
  repository: PowerRepository;
  desk: PowerDesk;
  accounts: AccountDesk;
  custom: CustomPowerDesk;
  payments: PaymentDesk;
}): ServiceRegistration[] {
  return [
    serve(PowerService, powerHandlers(dependencies.repository, dependencies.desk, dependencies.custom)),
    serve(PowerAdminService, powerAdminHandlers(dependencies.desk, dependencies.custom)),
    serve(AccountService, accountHandlers(dependencies.accounts)),
    serve(PaymentService, paymentHandlers(dependencies.payments)),
  ];
}
