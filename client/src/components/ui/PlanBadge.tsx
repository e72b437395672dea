import { useI18n } from '../../i18n';

/** Marks a call the user's plan paid for (ADR 050), after a space, as CreditBadge marks credit. */
export default function PlanBadge() {
  const { t } = useI18n();
  return (
    <>
      {' '}
      {/* text-bg-primary: the accent's own ink in either theme (Badge's bg-primary is white). */}
      <span className="badge text-bg-primary">{t('logs.plan')}</span>
    </>
  );
}
