import type { PowerConfig } from "../config.js";
import type { PaymentProvider } from "./port.js";
import { StripeProvider } from "./stripe.adapter.js";

/**
 * The providers the configuration names (PAYMENT_PROVIDER). A second provider is one adapter more and one case
 * here; the first in the list sells (checkout, portal), and each one's webhooks arrive under its name.
 */
export function paymentProviders(config: PowerConfig): PaymentProvider[] {
  if (config.PAYMENT_PROVIDER === "stripe") {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }
    return [
      new StripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiBase: config.STRIPE_API_BASE,
      }),
    ];
  }
  return [];
}
