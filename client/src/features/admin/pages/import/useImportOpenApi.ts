import { OPENAPI_IMPORT_MAX_BYTES, type ImportPreview } from '@contracts/openapi';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { errorCode, errorMessage } from '../../../../lib/api';
import { useImportOpenApiMutation, useImportOpenApiUrlMutation } from '../../api';
import { adminErrorText, type Notice } from '../../errors';
import { IMPORT } from '../../i18n/import';
import { ZH_ERRORS } from '../../i18n/zh';

const tooLarge = (document: string | File) =>
  (typeof document === 'string' ? new TextEncoder().encode(document).length : document.size) >
  OPENAPI_IMPORT_MAX_BYTES;

/**
 * The import's own refusals are Chinese and name the problem and where it is (openapi.errors.ts):
 * shown as the server wrote them. Others read as every admin screen reads them.
 */
const refusalText = (error: unknown) =>
  errorCode(error)?.startsWith('openapi.')
    ? errorMessage(error, IMPORT.failed)
    : adminErrorText(error, { failed: IMPORT.failed });

/** A file above this is sent as it is, not shown: a text field holding megabytes is unusable. */
export const SHOWN_FILE_BYTES = 1_000_000;

/** The import's document (pasted, a chosen file or a URL), its preview and the calls behind them. */
export function useImportOpenApi() {
  const [runDocument, { isLoading: sending }] = useImportOpenApiMutation();
  const [runUrl, { isLoading: fetching }] = useImportOpenApiUrlMutation();
  const isLoading = sending || fetching;
  const [source, setSource] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // A new preview is read from its heading: below the long document field it would otherwise open
  // out of sight, its rows under the sticky save bar.
  useEffect(() => {
    if (!preview) return;
    previewHeading.current?.scrollIntoView?.({ block: 'start' });
    previewHeading.current?.focus({ preventScroll: true });
  }, [preview]);

  // Any edit to the document drops the preview: what is applied is always what was shown.
  // The document is one of the three: pasted, a chosen file or a URL.
  const changeDocument = (text: string) => {
    setSource(text);
    setFile(null);
    setUrl('');
    setPreview(null);
  };
  // Typed or pasted over, a chosen file no longer shows as chosen.
  const typeDocument = (text: string) => {
    if (fileInput.current) fileInput.current.value = '';
    changeDocument(text);
  };
  const changeUrl = (text: string) => {
    typeDocument('');
    setUrl(text);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setNotice(null);
    if (chosen.size > SHOWN_FILE_BYTES) {
      changeDocument('');
      setFile(chosen);
      return;
    }
    try {
      changeDocument(await chosen.text());
    } catch {
      setNotice({ ok: false, text: IMPORT.unreadable });
    }
  };

  const send = async (dryRun: boolean) => {
    const document = file ?? source;
    if (!url.trim() && !file && !source.trim()) {
      return setNotice({ ok: false, text: IMPORT.empty });
    }
    if (!url.trim() && tooLarge(document)) {
      return setNotice({ ok: false, text: ZH_ERRORS['openapi.too_large'] });
    }
    const result = url.trim()
      ? await runUrl({ url: url.trim(), dry_run: dryRun })
      : await runDocument({ document, dry_run: dryRun });
    if ('error' in result) {
      setPreview(null);
      return setNotice({ ok: false, text: refusalText(result.error) });
    }
    const data = result.data.data;
    if (dryRun) {
      setNotice(null);
      setPreview(data);
    } else {
      setPreview(null);
      typeDocument('');
      setNotice({ ok: true, text: IMPORT.applied(data.counts) });
    }
  };

  return {
    isLoading,
    source,
    file,
    url,
    preview,
    notice,
    previewHeading,
    fileInput,
    typeDocument,
    changeUrl,
    onFile,
    send,
  };
}
