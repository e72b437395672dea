import { useI18n } from '../../i18n';

export default function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="d-flex align-items-center gap-2 text-muted py-3" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? t('site.loading')}</span>
    </div>
  );
}
