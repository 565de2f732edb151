//! A titled section listing record links with their count ("None." when empty): a class's or a
//! user's resources.

import type { RecordLink } from "../../bindings/RecordLink";
import { RecordLinkButton } from "./RecordLinkButton";

/** The section `title`, its links as buttons that open each record. */
export function RecordLinkList({ title, links }: { title: string; links: RecordLink[] }) {
  return (
    <section aria-label={title}>
      <h3>
        {title} <span className="muted">({links.length})</span>
      </h3>
      {links.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {links.map((link) => (
            <li key={link.id}>
              <RecordLinkButton link={link} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
