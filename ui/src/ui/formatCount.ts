//! Counts written for people ("20,000"), with one shared formatter: `toLocaleString` builds a
//! new one on every call, which a tree row rendered while scrolling cannot afford.

const counts = new Intl.NumberFormat();

/** `n` with the locale's grouping. */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** The noun for `n` of it: `one` for exactly one, else `many` (the plural with an s). */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
