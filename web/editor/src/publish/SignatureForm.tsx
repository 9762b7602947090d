import { useState } from "react";
import { call } from "../api.js";
import { useScreenServices } from "../screen-services.js";

/**
 * Spec 001 §3 signature creation (name, validity in years, password and confirmation, unit, organisation, city,
 * state or province, country code): the server checks the §5 rules ('Must contain no less than 6 characters!') and
 * makes the keystore; a signature is never modified or deleted once created (§4).
 */
export function SignatureForm({
  onCreated,
  onCancel,
}: {
  onCreated: (name: string) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { labels } = useScreenServices();
  const [fields, setFields] = useState({
    name: "",
    validity: "25",
    password: "",
    confirm: "",
    unit: "",
    organisation: "",
    city: "",
    state: "",
    countryCode: "CN",
  });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof fields, text: string, type = "text") => (
    <label key={key}>
      {text}
      <input
        type={type}
        data-testid={`signature-${key}`}
        value={fields[key]}
        autoComplete="off"
        onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
      />
    </label>
  );
  const create = async () => {
    setError("");
    setBusy(true);
    try {
      await call("/api/signature/create-signature", fields);
      await onCreated(fields.name.trim());
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="signature-form">
      <legend>{labels.signatureCreate}</legend>
      <p className="hint">{labels.signatureForever}</p>
      {field("name", labels.signatureName)}
      {field("validity", labels.signatureValidityYears)}
      {field("password", labels.signaturePassword, "password")}
      {field("confirm", labels.signatureConfirm, "password")}
      {field("unit", labels.signatureUnit)}
      {field("organisation", labels.signatureOrganisation)}
      {field("city", labels.signatureCity)}
      {field("state", labels.signatureState)}
      {field("countryCode", labels.signatureCountry)}
      {error ? (
        <p className="error-text" role="alert" data-testid="signature-error">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" data-testid="signature-save" disabled={busy} onClick={create}>
          {labels.signatureSave}
        </button>
        <button type="button" onClick={onCancel}>
          {labels.cancel}
        </button>
      </div>
    </fieldset>
  );
}
