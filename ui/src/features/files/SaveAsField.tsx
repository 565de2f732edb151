//! The "Save as" field of a dialog that writes a file: the path, typed or chosen with "Choose…".

import type { SaveDestination } from "./useSaveDestination";

/** The field for `destination`, read-only while `disabled`. */
export function SaveAsField({ destination, disabled }: { destination: SaveDestination; disabled: boolean }) {
  return (
    <label className="field">
      <span>Save as</span>
      <span className="field-row">
        <input
          type="text"
          aria-label="Save as"
          value={destination.path}
          disabled={disabled}
          onChange={(e) => destination.type(e.target.value)}
        />
        <button type="button" onClick={() => void destination.choose()} disabled={disabled}>
          Choose…
        </button>
      </span>
    </label>
  );
}
