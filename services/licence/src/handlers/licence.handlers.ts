import type { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import type { SigningKey } from "../domain/signing-key.js";

export function licenceHandlers(signingKey: SigningKey): ServiceImplementation<typeof LicenceService> {
  return {
    async getSigningKey() {
      return { keyId: signingKey.keyId, publicKeyPem: signingKey.publicKeyPem };
    },
  };
}
