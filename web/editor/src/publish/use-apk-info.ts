import { useEffect, useState } from "react";
import { call } from "../api.js";
import type { Format } from "./publish-request.js";

interface SignatureView {
  name: string;
  validUntil: string;
}

/**
 * An APK's info and signature: loaded when the dialog switches to APK — the account's signatures, and the book's
 * last APK, whose ID an update keeps with the next version number (spec 001 §5).
 */
export function useApkInfo(format: Format, bookId: string, title: string, onError: (message: string) => void) {
  const [appName, setAppName] = useState(title);
  const [appId, setAppId] = useState("");
  const [versionCode, setVersionCode] = useState("1");
  const [versionName, setVersionName] = useState("1.0");
  const [idLocked, setIdLocked] = useState(false);
  const [signatures, setSignatures] = useState<SignatureView[]>([]);
  const [signature, setSignature] = useState("");
  const [password, setPassword] = useState("");
  const [creating, setCreating] = useState(false);

  const loadSignatures = async (chosen?: string) => {
    const reply = await call<{ signatures: SignatureView[] }>("/api/signature/get-signature-list");
    setSignatures(reply.signatures);
    setSignature((current) => chosen ?? (current || reply.signatures[0]?.name || ""));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per switch to APK
  useEffect(() => {
    if (format !== "apk") return;
    loadSignatures().catch((caught: unknown) => onError((caught as Error).message));
    call<{ last: { applicationId: string; name: string } | null; nextVersionCode: number }>(
      "/api/publish/get-apk-release",
      { bookId },
    ).then(
      (reply) => {
        setVersionCode(String(reply.nextVersionCode));
        if (reply.last) {
          setAppId(reply.last.applicationId);
          setAppName(reply.last.name);
          setIdLocked(true);
        }
      },
      (caught: unknown) => onError((caught as Error).message),
    );
  }, [format, bookId]);

  return {
    appName,
    setAppName,
    appId,
    setAppId,
    versionCode,
    setVersionCode,
    versionName,
    setVersionName,
    idLocked,
    signatures,
    signature,
    setSignature,
    password,
    setPassword,
    creating,
    setCreating,
    loadSignatures,
  };
}

export type ApkInfo = ReturnType<typeof useApkInfo>;
