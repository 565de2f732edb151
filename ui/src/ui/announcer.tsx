//! Announcements without moving focus: two live regions that are in the page from the start
//! (a region added together with its text is often not read), polite for progress and results,
//! assertive for errors. `announce` may be called from anywhere; `LiveRegions` is mounted once.

import { useEffect, useState } from "react";

export type Politeness = "polite" | "assertive";

type Listener = (message: string, politeness: Politeness) => void;
const listeners = new Set<Listener>();

/** Says `message` through the live region of `politeness` (polite unless an error). */
export function announce(message: string, politeness: Politeness = "polite"): void {
  for (const listener of listeners) listener(message, politeness);
}

/** The two regions, out of sight. A message repeated is read again (the text is cleared first). */
export function LiveRegions() {
  const [said, setSaid] = useState<Record<Politeness, { text: string; n: number }>>({
    polite: { text: "", n: 0 },
    assertive: { text: "", n: 0 },
  });
  useEffect(() => {
    const listener: Listener = (text, politeness) =>
      setSaid((old) => ({ ...old, [politeness]: { text, n: old[politeness].n + 1 } }));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return (
    <div className="sr-only">
      <div role="status" aria-live="polite" aria-atomic="true" data-announcer="polite">
        <span key={said.polite.n}>{said.polite.text}</span>
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-announcer="assertive">
        <span key={said.assertive.n}>{said.assertive.text}</span>
      </div>
    </div>
  );
}
