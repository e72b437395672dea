import type { ImportPreview } from '@contracts/openapi';
import type { RefObject } from 'react';
import { Button } from 'react-bootstrap';
import { IMPORT } from '../../i18n/import';
import PreviewTable from './PreviewTable';
import SkippedTable from './SkippedTable';

/** The preview of an import, and the button that applies exactly what it shows. */
export default function ImportPreviewSection({
  preview,
  heading,
  busy,
  onApply,
}: {
  preview: ImportPreview;
  heading: RefObject<HTMLHeadingElement | null>;
  busy: boolean;
  onApply: () => void;
}) {
  const pending = preview.counts.create + preview.counts.update;
  return (
    <section aria-labelledby="openapi-preview">
      <h2
        id="openapi-preview"
        className="h5"
        ref={heading}
        tabIndex={-1}
        style={{ scrollMarginTop: '1rem' }}
      >
        {IMPORT.previewTitle}
      </h2>
      <p className="text-muted">{IMPORT.summary(preview.counts, preview.skipped.length)}</p>
      <PreviewTable apis={preview.apis} />
      {preview.skipped.length > 0 && <SkippedTable skipped={preview.skipped} />}
      <div className="admin-save-bar d-flex flex-wrap gap-2 align-items-center">
        <Button variant="success" disabled={busy || pending === 0} onClick={onApply}>
          {busy ? IMPORT.applying : IMPORT.apply(pending)}
        </Button>
        {pending === 0 && <span className="text-muted">{IMPORT.nothingToApply}</span>}
      </div>
    </section>
  );
}
