/**
 * Sounds of the reader, with no audio file to download: the flip is a short burst of shaped noise synthesised
 * with the Web Audio API (a rustle whose pitch falls as the sheet lands), made once and replayed on each turn.
 */
let context: AudioContext | null = null;
let rustle: AudioBuffer | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** 0.28 s of noise under an envelope that rises quickly, flutters and dies away, as a page brushing paper. */
function rustleBuffer(audio: AudioContext): AudioBuffer {
  if (rustle && rustle.sampleRate === audio.sampleRate) return rustle;
  const seconds = 0.28;
  const length = Math.floor(audio.sampleRate * seconds);
  const buffer = audio.createBuffer(1, length, audio.sampleRate);
  const data = buffer.getChannelData(0);
  let smooth = 0;
  for (let index = 0; index < length; index += 1) {
    const t = index / length;
    const envelope = Math.min(1, t / 0.06) * (1 - t) ** 2 * (0.75 + 0.25 * Math.sin(t * 60));
    // Lightly low-passed noise: softer than white noise, closer to paper.
    smooth = smooth * 0.55 + (Math.random() * 2 - 1) * 0.45;
    data[index] = smooth * envelope;
  }
  rustle = buffer;
  return buffer;
}

/** Plays the flip sound; silently nothing where Web Audio is missing or not yet allowed to start. */
export function playFlipSound(volume = 0.6): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const source = audio.createBufferSource();
    source.buffer = rustleBuffer(audio);
    const filter = audio.createBiquadFilter();
    filter.type = "bandpass";
    filter.Q.value = 0.8;
    filter.frequency.setValueAtTime(3200, audio.currentTime);
    filter.frequency.exponentialRampToValueAtTime(900, audio.currentTime + 0.28);
    const gain = audio.createGain();
    gain.gain.value = volume;
    source.connect(filter).connect(gain).connect(audio.destination);
    source.start();
  } catch {
    // Sound is decoration: never let it break a turn.
  }
}

/** A volume given as 0–1 or as a percentage (0–100), clamped to 0–1. */
export function normaliseVolume(volume: number | undefined): number {
  if (volume === undefined || !Number.isFinite(volume)) return 1;
  const fraction = volume > 1 ? volume / 100 : volume;
  return Math.min(1, Math.max(0, fraction));
}
