import { useCallback, useRef, useState } from "react";
import { playFlipSound } from "./sound.js";

/**
 * The book's sound: the flip sound on each turn, the background music and the page audio, all silenced by the mute
 * toggle.
 * `onTurnStart` is stable (the flip book keeps it) and reads the current settings.
 */
export function useSound(flipSound: boolean, musicUrl: string | undefined, pageAudio = false) {
  const [muted, setMuted] = useState(false);
  const hasSound = flipSound || Boolean(musicUrl) || pageAudio;
  const soundRef = useRef({ flipSound, muted });
  soundRef.current = { flipSound, muted };
  const onTurnStart = useCallback(() => {
    if (soundRef.current.flipSound && !soundRef.current.muted) playFlipSound();
  }, []);
  return { muted, setMuted, hasSound, onTurnStart };
}
