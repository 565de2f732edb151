//! Which class's gradebook is open, and the way other areas open one (a class page's
//! "Open gradebook"): the shell provides it and switches to the Gradebook area.

import { createContext, useContext } from "react";

/** A class's gradebook in a connection. */
export interface GradebookTarget {
  connection: string;
  classId: string;
}

/** Opens a class's gradebook (switching to the Gradebook area). */
export type OpenGradebook = (target: GradebookTarget) => void;

export const OpenGradebookContext = createContext<OpenGradebook | null>(null);

/** The way to open a gradebook, or null outside the shell (then nothing offers it). */
export function useOpenGradebook(): OpenGradebook | null {
  return useContext(OpenGradebookContext);
}
