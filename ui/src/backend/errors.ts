//! Turns whatever a command rejected with into an `AppError`, so the UI handles one shape.

import type { AppError } from "../bindings/AppError";
import type { ErrorCode } from "../bindings/ErrorCode";

/** Every error code the backend sends (a record, so a code added in Rust fails `tsc` here). */
const KNOWN_CODES: Record<ErrorCode, true> = {
  not_found: true,
  offline: true,
  server: true,
  forbidden: true,
  store: true,
  cancelled: true,
  invalid: true,
  io: true,
  keyring: true,
  sandbox: true,
  sandbox_data: true,
  sync: true,
  unsent: true,
  internal: true,
};

/** The error codes the UI knows by name: all of them. */
export const ERROR_CODES = Object.keys(KNOWN_CODES) as ErrorCode[];

/** Whether `code` is one of the backend's error codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(KNOWN_CODES, code);
}

/** Whether `value` already has the `{code, message, detail}` shape, with a known code. */
export function isAppError(value: unknown): value is AppError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return isErrorCode(v.code) && typeof v.message === "string" && "detail" in v;
}

/** An `AppError` for anything thrown: kept as is when it already is one. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (typeof error === "string") return { code: "internal", message: error, detail: null };
  if (error instanceof Error) return { code: "internal", message: error.message, detail: null };
  const message = typeof error === "object" && error !== null ? (error as Record<string, unknown>).message : undefined;
  if (typeof message === "string") return { code: "internal", message, detail: null };
  return { code: "internal", message: "something went wrong in the app", detail: null };
}
