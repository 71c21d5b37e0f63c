/**
 * What the reader of one record (record.ts) and the reader of a file of records (records.ts)
 * must agree on, kept here so that neither becomes part of the core's public surface.
 */

/** A tag's name: letters, digits, `-`, `_` and `.`, as OpenTafl's tags (`time-control`). */
export const TAG_KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The text without a byte order mark, its line ends as `\n`, so that lines count the same. */
export const normalizeText = (text: string): string => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
