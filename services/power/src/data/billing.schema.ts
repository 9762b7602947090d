import { type Connection, Schema } from "mongoose";

/**
 * A user's customer at a payment provider (`_id`: "<provider>:<user id>"): the portal needs it, renewals and
 * failures name it, and the info bar tells whether the VIP plan renews or its renewal failed.
 */
export interface BillingDocument {
  _id: string;
  userId: string;
  provider: string;
  customerId: string;
  subscriptionId: string;
  /** "active", "past_due" (a renewal failed; the 24-hour grace runs) or "ended". */
  state: string;
  updatedAt?: Date;
}

const billingSchema = new Schema<BillingDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    provider: { type: String, required: true },
    customerId: { type: String, default: "" },
    subscriptionId: { type: String, default: "" },
    state: { type: String, default: "" },
  },
  { collection: "billing_customers", versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
billingSchema.index({ provider: 1, customerId: 1 });
billingSchema.index({ provider: 1, subscriptionId: 1 });

export function billingModel(connection: Connection) {
  return connection.model<BillingDocument>("BillingCustomer", billingSchema);
}

/** A provider's event as received (`_id`: "<provider>:<event id>", unique): the record of every delivery's event. */
export interface PaymentEventDocument {
  _id: string;
  type: string;
  receivedAt: Date;
  /** Its change reached the plan (false: a repeat, or nothing to apply). */
  applied: boolean;
}

const paymentEventSchema = new Schema<PaymentEventDocument>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    receivedAt: { type: Date, required: true },
    applied: { type: Boolean, default: false },
  },
  { collection: "payment_events", versionKey: false },
);

export function paymentEventModel(connection: Connection) {
  return connection.model<PaymentEventDocument>("PaymentEvent", paymentEventSchema);
}

/** A payment's receipt URL by the provider's reference (`_id`), kept until its purchase is entered if it came first. */
export interface PaymentReceiptDocument {
  _id: string;
  url: string;
}

const paymentReceiptSchema = new Schema<PaymentReceiptDocument>(
  { _id: { type: String, required: true }, url: { type: String, required: true } },
  { collection: "payment_receipts", versionKey: false },
);

export function paymentReceiptModel(connection: Connection) {
  return connection.model<PaymentReceiptDocument>("PaymentReceipt", paymentReceiptSchema);
}
