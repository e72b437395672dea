import type { Envelope } from '@contracts/envelope';
import { errorMessage, errorStatus } from '../../lib/api';

export interface ErrorTexts {
  /** When the server answered without a message of its own. */
  failed: string;
  /** When no answer came (network failure). */
  network: string;
  /** A fixed text for 404, when the screen names one. */
  notFound?: string;
}

/** The text an admin screen shows for a failed call (SPEC.md §8: server message, else fallback). */
export function adminErrorText(error: unknown, texts: ErrorTexts): string {
  const status = errorStatus(error);
  if (status === undefined) return texts.network;
  if (status === 404 && texts.notFound) return texts.notFound;
  return errorMessage(error, texts.failed);
}

/** A banner on an admin screen: green for success, red for failure. */
export interface Notice {
  ok: boolean;
  text: string;
}

/** A write's outcome as a banner: the server's message, else the success text or the fallbacks. */
export function outcomeNotice(
  result: { data: Envelope } | { error: unknown },
  texts: ErrorTexts,
  success: string,
): Notice {
  return 'error' in result
    ? { ok: false, text: adminErrorText(result.error, texts) }
    : { ok: true, text: result.data.message || success };
}

export const formatTime = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString('zh-CN', { hour12: false }) : '-';
