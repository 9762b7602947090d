import { type ComponentProps, Fragment } from "react";
import { TextField } from "../common/TextField.js";
import { useScreenServices } from "../screen-services.js";
import { SignatureForm } from "./SignatureForm.js";
import type { ApkInfo } from "./use-apk-info.js";

/** An APK's info: name, application ID, version number and name, and the signature with its password. */
export function ApkFields({ apk }: { apk: ApkInfo }) {
  const { labels, notify } = useScreenServices();
  const fields: (ComponentProps<typeof TextField> & { hint?: string })[] = [
    { label: labels.publishAppName, testId: "publish-app-name", value: apk.appName, onChange: apk.setAppName },
    {
      label: labels.publishAppId,
      testId: "publish-app-id",
      value: apk.appId,
      onChange: apk.setAppId,
      placeholder: "com.example.book",
      readOnly: apk.idLocked,
      hint: labels.publishAppIdHint,
    },
    {
      label: labels.publishVersionCode,
      testId: "publish-version-code",
      value: apk.versionCode,
      onChange: apk.setVersionCode,
      inputMode: "numeric",
      maxLength: undefined, // a number: no length limit
    },
    {
      label: labels.publishVersionName,
      testId: "publish-version-name",
      value: apk.versionName,
      onChange: apk.setVersionName,
    },
  ];
  return (
    <fieldset className="publish-apk">
      <legend>{labels.publishApkInfo}</legend>
      {fields.map(({ hint, ...field }) => (
        <Fragment key={field.testId}>
          <TextField maxLength={100} {...field} />
          {hint ? <p className="hint">{hint}</p> : null}
        </Fragment>
      ))}
      <label>
        {labels.publishSignature}
        <select
          data-testid="publish-signature"
          value={apk.signature}
          onChange={(event) => apk.setSignature(event.target.value)}
        >
          {apk.signatures.length === 0 ? <option value="">{labels.publishNoSignature}</option> : null}
          {apk.signatures.map((item) => (
            <option key={item.name} value={item.name}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={labels.publishSignaturePassword}
        type="password"
        testId="publish-signature-password"
        value={apk.password}
        autoComplete="off"
        onChange={apk.setPassword}
      />
      {apk.creating ? (
        <SignatureForm
          onCreated={async (name) => {
            apk.setCreating(false);
            notify(labels.signatureCreated);
            await apk.loadSignatures(name);
          }}
          onCancel={() => apk.setCreating(false)}
        />
      ) : (
        <button
          type="button"
          className="link-button"
          data-testid="publish-new-signature"
          onClick={() => apk.setCreating(true)}
        >
          {labels.signatureCreate}
        </button>
      )}
    </fieldset>
  );
}
