//! The Settings area's About: the release and the commit this build came from, and the data
//! folder this window uses — what a user tells support, copied from one place.

import { useQuery } from "@tanstack/react-query";

import { toAppError, useBackend } from "../../backend";
import { ErrorView } from "../../ui/ErrorView";

export function AboutSection() {
  const backend = useBackend();
  const about = useQuery({ queryKey: ["about"], queryFn: () => backend.about(), staleTime: Infinity });
  return (
    <section aria-label="About Cairn" className="about">
      <h3>About</h3>
      {about.error && <ErrorView error={toAppError(about.error)} />}
      {about.data && (
        <dl className="about-facts">
          <dt>Version</dt>
          <dd data-testid="about-version">{about.data.version}</dd>
          <dt>Built from commit</dt>
          <dd>
            <code data-testid="about-commit">{about.data.commit}</code>
          </dd>
          <dt>Data folder</dt>
          <dd>
            <code>{about.data.dataFolder}</code>
          </dd>
        </dl>
      )}
      <p className="form-hint">
        Updates come from your package manager (apt or dnf); Cairn never checks for them itself.
      </p>
    </section>
  );
}
