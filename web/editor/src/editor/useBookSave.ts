import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { type BookInfo, call } from "../api.js";
import { type BookField, basicDoc, bookFieldKey, splitBasic } from "../basic/basic-info.js";
import { splitMedia } from "../media/media-doc.js";
import { revertOf } from "../media/media-sync.js";
import { useScreenServices } from "../screen-services.js";
import { assertValidChange, localisedRefusal } from "../setting-check.js";
import type { PresetKind } from "../settings/catalogue.js";
import { isSettingKey } from "../settings/setting-keys.js";
import { absolutePaths, createSaveFlow, type SaveState } from "./save-flow.js";
import { gateError, gateRefusal, serverChanges, storedValues } from "./server-truth.js";
import type { EditingContext } from "./useBookDocument.js";

/**
 * Saving the document (spec 000 §4, `save-flow.ts`): changed keys go to update-book (media items to their own
 * calls), checked first by the catalogue's rules and the loaded powers; what the server stored replaces what was
 * sent, a refused change returns to the stored value. Answers the flow, the save state shown in the preview bar
 * and the design being applied (its kind names a failed save).
 */
export function useBookSave({
  bookDocument,
  post,
  messages,
  bookId,
  teamId,
  customPower,
}: EditingContext & {
  /** The preview channel's post. */
  post: (changed: Record<string, unknown>) => void;
  /** The server's messages catalogue (refusals before sending). */
  messages: RefObject<Record<string, string> | null>;
  bookId: string;
  teamId: string;
  customPower: unknown;
}) {
  const { labels, textLang, notify, report } = useScreenServices();
  const [save, setSave] = useState<{ state: SaveState; unsaved: boolean }>({ state: "waiting", unsaved: false });
  const failedPreset = useRef<PresetKind | null>(null);
  const { show, replaceInStep, previewValues, setBook, stored, bookRef, docRef, history, mediaSync } = bookDocument;

  const flow = useMemo(
    () =>
      createSaveFlow({
        apply: post,
        send: async (all) => {
          // Media items go one by one to their own calls; a refused one returns to its stored value.
          const { media, rest: changed } = splitMedia(all);
          if (media.length > 0 && mediaSync.current) {
            try {
              const stored = await mediaSync.current.send(media);
              if (Object.keys(stored).length > 0) {
                replaceInStep(stored);
                post(stored);
              }
            } catch (error) {
              const revert = revertOf(error);
              if (revert) {
                replaceInStep(revert);
                post(revert);
              }
              throw error;
            }
          }
          if (Object.keys(changed).length === 0) return {};
          // The basic tab's title, description, keywords and label are update-book's own fields.
          const { fields, config } = splitBasic(changed);
          // The catalogue's rules first (the server applies the same ones): a refused value is never sent.
          assertValidChange(config, textLang, labels);
          // Spec 000 §6: a change the loaded powers forbid is refused here, with the server's own text.
          const texts = messages.current;
          const gated = texts
            ? gateRefusal({ bookConfig: config, desc: fields.desc, label: fields.label }, customPower)
            : undefined;
          if (gated && texts) throw gateError(gated, texts);
          try {
            const reply = await call<BookInfo>("/api/book/update-book", {
              ...fields,
              bookId,
              // Spec 000 §6: in a team the member acts as type 13 with the team's overrides and role powers.
              teamId,
              bookConfig: JSON.stringify(config),
            });
            stored.current = reply.htmlConfig ?? {};
            // The server's rules may have changed the download config and plugins too (the download panel shows them).
            setBook((loaded) =>
              loaded
                ? {
                    ...loaded,
                    htmlConfig: reply.htmlConfig,
                    isDownload: reply.isDownload,
                    downloadconfig: reply.downloadconfig,
                    settingsRevision: reply.settingsRevision,
                    title: reply.title,
                    desc: reply.desc,
                    keyword: reply.keyword,
                    label: reply.label,
                  }
                : loaded,
            );
            return reply.htmlConfig;
          } catch (error) {
            throw localisedRefusal(error, textLang, labels);
          }
        },
        saved: (changed, server, idle) => {
          if (idle) {
            // Nothing else on its way: every stored value is the one to show, whatever key the server's rules touched.
            const adopted = serverChanges(docRef.current, server, isSettingKey);
            if (Object.keys(adopted).length > 0) {
              replaceInStep(adopted);
              post(previewValues(adopted));
            }
            return;
          }
          const fixed = absolutePaths(changed, server);
          if (Object.keys(fixed).length === 0) return;
          // The stored absolute paths replace the relative ones in the current step, not as a step of their own.
          const now = history.current;
          const steps = now.steps.slice();
          steps[now.index] = { ...steps[now.index], ...fixed };
          show({ ...now, steps });
        },
        refused: (changed) => {
          // A refused change returns to what the server has: the control, the preview and the unsaved flag.
          const { rest } = splitMedia(changed);
          const { fields, config } = splitBasic(rest);
          const loaded = bookRef.current;
          const back: Record<string, unknown> = storedValues(config, stored.current);
          if (loaded) {
            const own = basicDoc(loaded);
            for (const field of Object.keys(fields))
              back[bookFieldKey(field as BookField)] = own[bookFieldKey(field as BookField)];
          }
          if (Object.keys(back).length === 0) return false;
          replaceInStep(back);
          post(previewValues(back));
          return true;
        },
        state: (state, unsaved, error) => {
          setSave({ state, unsaved });
          if (state !== "error") {
            if (state === "success") failedPreset.current = null;
            return;
          }
          const reason = error instanceof Error && error.message ? error : new Error(labels.saveError);
          // A template, theme or scene the server refused says which one failed (spec 000 §8).
          const preset = failedPreset.current;
          failedPreset.current = null;
          if (preset)
            notify(
              `${preset === "theme" ? labels.themeFailed : preset === "template" ? labels.templateFailed : labels.sceneFailed}: ${reason.message}`,
              "error",
            );
          report(reason);
        },
      }),
    // The refs and setBook are stable: the flow is made again when what it calls or sends changes.
    [
      post,
      bookId,
      report,
      notify,
      labels,
      show,
      replaceInStep,
      textLang,
      previewValues,
      teamId,
      customPower,
      messages,
      setBook,
      stored,
      bookRef,
      docRef,
      history,
      mediaSync,
    ],
  );
  useEffect(() => () => void flow.flush(), [flow]);

  return { flow, save, failedPreset };
}
