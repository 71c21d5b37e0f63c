/**
 * Parsers and validators return a `Result` instead of throwing: outside input is expected to be
 * wrong sometimes, and the caller (CLI, server, app) decides how to say so.
 */

export interface Failure<C extends string = string> {
  readonly ok: false;
  /** A stable code such as `'ERR_NO_KING'`, for programs. */
  readonly code: C;
  /** One sentence for people, naming what is wrong and where. */
  readonly message: string;
}

export interface Success<T> {
  readonly ok: true;
  readonly value: T;
}

export type Result<T, C extends string = string> = Success<T> | Failure<C>;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });

export const fail = <C extends string>(code: C, message: string): Failure<C> => ({
  ok: false,
  code,
  message,
});
