//! Counts written for people ("20,000"), with one shared formatter: `toLocaleString` builds a
//! new one on every call, which a tree row rendered while scrolling cannot afford.

const counts = new Intl.NumberFormat();

/** `n` with the locale's grouping. */
export function formatCount(n: number): string {
  return counts.format(n);
}
