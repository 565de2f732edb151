//! The one progress bar of the app (sync stages, the first launch, imports and exports): a
//! stage's name, a bar with its `done` of `total` — indeterminate while the total is unknown —
//! and the count in words, announced by assistive technology as a `progressbar`.

import { formatCount } from "./formatCount";

interface Props {
  /** What the work is at (shown beside the bar). */
  stage: string;
  done: number;
  /** `null` while the total is not known. */
  total: number | null;
  /** The bar's accessible name, when it is not the stage's. */
  label?: string;
  /** `li` for a bar in a list of stages. */
  as?: "div" | "li";
}

/** One bar. */
export function ProgressBar({ stage, done, total, label, as: Root = "div" }: Props) {
  const max = total ?? undefined;
  const text = max !== undefined ? `${formatCount(done)} of ${formatCount(max)}` : `${formatCount(done)} records`;
  return (
    <Root className="stage">
      <span className="stage-name" title={stage}>
        {stage}
      </span>
      <div
        className="bar"
        role="progressbar"
        aria-label={label ?? stage}
        aria-valuemin={0}
        aria-valuenow={done}
        aria-valuemax={max}
        aria-valuetext={text}
      >
        <div
          className={["bar-fill", max === undefined ? "indeterminate" : ""].join(" ")}
          style={{ width: max ? `${Math.min(100, (done / max) * 100)}%` : "30%" }}
        />
      </div>
      <span className="stage-count num">{text}</span>
    </Root>
  );
}
