//! Turns whatever a command rejected with into an `AppError`, so the UI handles one shape.

import type { AppError } from "../bindings/AppError";

/** The error codes the UI knows by name. */
export const ERROR_CODES = ["not_found", "offline", "server", "store", "cancelled", "invalid", "internal", "keyring"] as const;

/** Whether `value` already has the `{code, message, detail}` shape. */
export function isAppError(value: unknown): value is AppError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "string" && typeof v.message === "string" && "detail" in v;
}

/** An `AppError` for anything thrown: kept as is when it already is one. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (typeof error === "string") return { code: "internal", message: error, detail: null };
  if (error instanceof Error) return { code: "internal", message: error.message, detail: null };
  return { code: "internal", message: "something went wrong in the app", detail: null };
}
