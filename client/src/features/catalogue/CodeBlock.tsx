import { useCopy } from '../../components/ui/useCopy';
import { useI18n } from '../../i18n';

/**
 * Preformatted code with a copy button (no highlighter: it would cost more than the page). The
 * button copies `copyText` when given: the code with a secret the page does not show.
 */
export default function CodeBlock({
  code,
  label,
  copyText = code,
}: {
  code: string;
  label: string;
  copyText?: string;
}) {
  const { t } = useI18n();
  const { state, copy } = useCopy();
  return (
    <div className="position-relative">
      <button
        type="button"
        className="btn btn-sm btn-outline-light position-absolute top-0 end-0 m-2 portico-copy"
        onClick={() => void copy(copyText)}
        aria-label={t('code.copyLabel', { label })}
      >
        {state === 'copied'
          ? t('code.copied')
          : state === 'failed'
            ? t('code.copyFailed')
            : t('code.copy')}
      </button>
      {/* Focusable, so a keyboard can scroll a long example sideways. */}
      <pre className="portico-code mb-0" aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
