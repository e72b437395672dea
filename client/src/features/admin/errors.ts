import { errorCode, errorStatus, refusedField } from '../../lib/api';
import { ZH, ZH_ERRORS, ZH_FIELD_ERRORS } from './i18n/zh';
import type { Notice } from '../../components/ui/NoticeBanner';

export interface ErrorTexts {
  /** When the server answered without a code the catalogue knows. */
  failed: string;
  /** When no answer came (network failure). */
  network?: string;
  /** A fixed text for 404, when the screen names one. */
  notFound?: string;
  /** The screen's own texts for `request.validation` fields (SPEC.md §5 names some). */
  fields?: Record<string, string>;
}

/**
 * The Chinese text an admin screen shows for a failed call: chosen by the envelope's code (and
 * field), never by the server's English message.
 */
export function adminErrorText(error: unknown, texts: ErrorTexts): string {
  const status = errorStatus(error);
  if (status === undefined) return texts.network ?? ZH.network;
  if (status === 404 && texts.notFound) return texts.notFound;
  const code = errorCode(error);
  if (code === 'request.validation') {
    const field = refusedField(error);
    return (field && (texts.fields?.[field] ?? ZH_FIELD_ERRORS[field])) || ZH_ERRORS[code];
  }
  return (code && ZH_ERRORS[code]) || texts.failed;
}

/** A write's outcome as a banner in Chinese: the success text, or the failure's text. */
export function outcomeNotice(
  result: { data: unknown } | { error: unknown },
  texts: ErrorTexts,
  success: string,
): Notice {
  return 'error' in result
    ? { ok: false, text: adminErrorText(result.error, texts) }
    : { ok: true, text: success };
}

export const formatTime = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString('zh-CN', { hour12: false }) : '-';

export type { Notice };
