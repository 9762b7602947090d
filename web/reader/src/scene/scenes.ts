/** The dynamic scenes the reader draws (the settings tree's options). */
export const scenes = ["snow", "rain", "petals", "stars", "bubbles", "leaves"];
