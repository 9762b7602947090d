/**
 * Room the bookmark tabs take around the book. Tabs stick out of the book: out of its side (fore-)edges, or above
 * its top edge (vertical books, and books whose tabs are not on the side edge). The page size leaves them that room
 * and the book is moved down by the top room's half, so top tabs stay inside the viewport — visible and clickable —
 * at every size, as side tabs do.
 */
export interface TabRoom {
  /** Taken on each side of the book. */
  side: number;
  /** Taken above the book. */
  top: number;
}

/** A side tab is 30 px wide (36 the current one); a top tab 30 px high (36 the current one), plus a gap. */
export const sideTabRoom = 36;
export const topTabRoom = 40;

export function tabRoom(options: {
  bookmarks: number;
  shown: boolean;
  onSideEdge: boolean;
  vertical: boolean;
}): TabRoom {
  if (options.bookmarks === 0 || !options.shown) return { side: 0, top: 0 };
  const onTop = !options.onSideEdge || options.vertical;
  return onTop ? { side: 0, top: topTabRoom } : { side: sideTabRoom, top: 0 };
}
