import type { Labels } from "../labels.js";
import type { Notify } from "../types.js";
import { SignatureForm } from "./SignatureForm.js";
import type { ApkInfo } from "./use-apk-info.js";

/** An APK's info: name, application ID, version number and name, and the signature with its password. */
export function ApkFields({ labels, notify, apk }: { labels: Labels; notify: Notify; apk: ApkInfo }) {
  return (
    <fieldset className="publish-apk">
      <legend>{labels.publishApkInfo}</legend>
      <label>
        {labels.publishAppName}
        <input
          data-testid="publish-app-name"
          value={apk.appName}
          maxLength={100}
          onChange={(event) => apk.setAppName(event.target.value)}
        />
      </label>
      <label>
        {labels.publishAppId}
        <input
          data-testid="publish-app-id"
          value={apk.appId}
          placeholder="com.example.book"
          readOnly={apk.idLocked}
          maxLength={100}
          onChange={(event) => apk.setAppId(event.target.value)}
        />
      </label>
      <p className="hint">{labels.publishAppIdHint}</p>
      <label>
        {labels.publishVersionCode}
        <input
          data-testid="publish-version-code"
          inputMode="numeric"
          value={apk.versionCode}
          onChange={(event) => apk.setVersionCode(event.target.value)}
        />
      </label>
      <label>
        {labels.publishVersionName}
        <input
          data-testid="publish-version-name"
          value={apk.versionName}
          maxLength={100}
          onChange={(event) => apk.setVersionName(event.target.value)}
        />
      </label>
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
      <label>
        {labels.publishSignaturePassword}
        <input
          type="password"
          data-testid="publish-signature-password"
          value={apk.password}
          autoComplete="off"
          onChange={(event) => apk.setPassword(event.target.value)}
        />
      </label>
      {apk.creating ? (
        <SignatureForm
          labels={labels}
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
