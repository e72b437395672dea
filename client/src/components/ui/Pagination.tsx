import { useI18n } from '../../i18n';
import { pageWindow } from './pageWindow';

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}

function PageButton(props: {
  label: string;
  text: string;
  disabled?: boolean;
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <li className={`page-item${props.disabled ? ' disabled' : ''}${props.active ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={props.label}
        aria-current={props.active ? 'page' : undefined}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.text}
      </button>
    </li>
  );
}

/** Previous/next and a window of 5 page numbers; nothing when there is one page. */
export default function Pagination({ page, totalPages, onChange, label }: Props) {
  const { t } = useI18n();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label ?? t('pager.label')}>
      <ul className="pagination justify-content-center flex-wrap mb-0">
        <PageButton
          label={t('pager.previous')}
          text="‹"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        />
        {pageWindow(page, totalPages).map((n) => (
          <PageButton
            key={n}
            label={t('pager.page', { n })}
            text={String(n)}
            active={n === page}
            onClick={() => n !== page && onChange(n)}
          />
        ))}
        <PageButton
          label={t('pager.next')}
          text="›"
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
        />
      </ul>
    </nav>
  );
}
