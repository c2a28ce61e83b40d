import 'server-only';
import { ApiError } from './api-error';

/**
 * A cursor page ends after (time, id) of its last row: stable while new rows arrive. The time is
 * kept as text to the microsecond (as the database holds it, `exactTime`), or rows within one
 * millisecond would be skipped or repeated.
 */
export type Cursor = { time: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The one form `exactTime` writes: any other text ("1", a date without a zone) is not a cursor. */
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.time}|${c.id}`).toString('base64url');

/** A cursor the client sent back; anything else is a 400 on `cursor`. */
export function decodeCursor(value: string): Cursor {
  const [time, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!time || !EXACT_TIME.test(time) || Number.isNaN(Date.parse(time)) || !id || !UUID.test(id)) {
    throw new ApiError('VALIDATION_ERROR', 'cursor');
  }
  return { time, id };
}

/** SQL for a timestamp column as the cursor's exact text (UTC, microseconds). */
export const exactTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
