//! A short token of what an element says, for an id that changes whenever its words do: a screen
//! reader reads an element it has read before as it was (WebKitGTK signals no change of a name or
//! description made from content), and a new element afresh. The results grid's cells and the
//! drawings' focused parts (`ActivePart`) take their ids from it.

/** A short token of `words` (djb2, base 36), which changes whenever they do. */
export function wordsVersion(words: string): string {
  let hash = 5381;
  for (let i = 0; i < words.length; i++) hash = (Math.imul(hash, 33) ^ words.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}
