import { isApiError } from '@trackit/client/api-client';

/** A record id from the route; undefined when the segment is not a positive integer. */
export const parseRecordId = (value: string | undefined): number | undefined => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The record is not there (or is another team's): the server answered 404. */
export const isRecordMissing = (error: unknown): boolean => isApiError(error) && error.status === 404;
