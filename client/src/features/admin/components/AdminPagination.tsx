import { pageWindow } from '../../../components/ui/pageWindow';
import { CONTENT } from '../i18n/content';

const PAGER = CONTENT.pagination;

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** 上一页 / 下一页 and up to 5 page numbers around the current one; hidden for a single page. */
export default function AdminPagination({ page, totalPages, onChange }: Props) {
  if (totalPages <= 1) return null;
  const item = (key: string, label: string, target: number, disabled: boolean) => (
    <li key={key} className={`page-item${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        onClick={() => onChange(target)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label={PAGER.label}>
      <ul className="pagination justify-content-center flex-wrap mb-0">
        {item('prev', PAGER.previous, page - 1, page <= 1)}
        {pageWindow(page, totalPages).map((n) =>
          n === page ? (
            // The current page reads as current (active), not as a disabled control.
            <li key={n} className="page-item active">
              <span className="page-link" aria-current="page">
                {n}
              </span>
            </li>
          ) : (
            item(String(n), String(n), n, false)
          ),
        )}
        {item('next', PAGER.next, page + 1, page >= totalPages)}
      </ul>
    </nav>
  );
}
