import { useCallback, useRef, useState } from "react";
import { playFlipSound } from "./sound.js";

/**
 * The book's sound: the flip sound on each turn and the background music, both silenced by the mute toggle.
 * `onTurnStart` is stable (the flip book keeps it) and reads the current settings.
 */
export function useSound(flipSound: boolean, musicUrl: string | undefined) {
  const [muted, setMuted] = useState(false);
  const hasSound = flipSound || Boolean(musicUrl);
  const soundRef = useRef({ flipSound, muted });
  soundRef.current = { flipSound, muted };
  const onTurnStart = useCallback(() => {
    if (soundRef.current.flipSound && !soundRef.current.muted) playFlipSound();
  }, []);
  return { muted, setMuted, hasSound, onTurnStart };
}
