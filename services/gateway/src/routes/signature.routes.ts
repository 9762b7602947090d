import { DomainError, message, notConfigured, okEnvelope } from "@turnleaf/kit";
import { type SignatureFormInput, signatureLimits } from "@turnleaf/kit/signature-form";
import type { FastifyInstance } from "fastify";
import { actorOf } from "../plugins/actor.js";
import { createKeystore, keystoreAlias, keystoreOpens } from "../signatures/keystore.js";
import { checkSignatureForm, isRuleBreak } from "../signatures/signature-rules.js";
import type { SignatureStore } from "../signatures/signature-store.js";

/**
 * Spec 001 §3–§5 APK signatures, per account: create (the form's rules, a keystore made by keytool and protected
 * by the user's password), list, and the keystore of one for signing an APK, given only with the right password.
 * No path modifies or deletes a signature (§4). Reference: services/gateway/rest/signatures.md.
 */

const text = { type: "string", maxLength: 200 } as const;
const nameField = { type: "string", maxLength: 64 } as const;

function storeOf(store: SignatureStore | undefined): SignatureStore {
  if (!store) throw notConfigured("signatures");
  return store;
}

const wrongSignature = () => new DomainError("INVALID_ARGUMENT", message("signatureOrPassword"));

export function registerSignatureRoutes(app: FastifyInstance, store: SignatureStore | undefined): void {
  app.post<{ Body: SignatureFormInput }>(
    "/api/signature/create-signature",
    {
      schema: {
        body: {
          type: "object",
          properties: {
            name: nameField,
            validity: { type: "string", maxLength: 4 },
            password: text,
            confirm: text,
            unit: text,
            organisation: text,
            city: text,
            state: text,
            countryCode: { type: "string", maxLength: 8 },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const signatures = storeOf(store);
      const form = checkSignatureForm(request.body ?? {});
      if (isRuleBreak(form)) {
        const { key, ...params } = form;
        throw new DomainError("INVALID_ARGUMENT", message(key, params), { details: { rule: key } });
      }
      if ((await signatures.list(actor.userId)).length >= signatureLimits.perAccount) {
        throw new DomainError("FAILED_PRECONDITION", message("signatureLimit", { max: signatureLimits.perAccount }));
      }
      if (await signatures.get(actor.userId, form.name)) {
        throw new DomainError("ALREADY_EXISTS", message("signatureExists", { name: form.name }));
      }
      const now = new Date();
      const { keystore, validUntil } = await createKeystore(form, now);
      const { password: _password, ...fields } = form;
      const inserted = await signatures.insert({
        userId: actor.userId,
        ...fields,
        createdAt: now,
        validUntil,
        keystore,
      });
      if (!inserted) throw new DomainError("ALREADY_EXISTS", message("signatureExists", { name: form.name }));
      return okEnvelope({
        signature: { ...fields, createdAt: now.toISOString(), validUntil: validUntil.toISOString() },
      });
    },
  );

  app.post("/api/signature/get-signature-list", async (request) => {
    const actor = actorOf(request);
    const list = await storeOf(store).list(actor.userId);
    return okEnvelope({
      signatures: list.map(({ userId: _userId, createdAt, validUntil, ...fields }) => ({
        ...fields,
        createdAt: new Date(createdAt).toISOString(),
        validUntil: new Date(validUntil).toISOString(),
      })),
    });
  });

  app.post<{ Body: { name: string; password: string } }>(
    "/api/signature/get-signature-keystore",
    {
      schema: {
        body: {
          type: "object",
          required: ["name", "password"],
          properties: { name: nameField, password: text },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const signature = await storeOf(store).get(actor.userId, request.body.name.trim());
      // An unknown name and a wrong password answer alike: the spec's one text.
      if (!signature || !(await keystoreOpens(signature.keystore, request.body.password))) throw wrongSignature();
      return okEnvelope({
        name: signature.name,
        alias: keystoreAlias,
        validUntil: new Date(signature.validUntil).toISOString(),
        keystore: signature.keystore.toString("base64"),
      });
    },
  );
}
