import { Button } from 'react-bootstrap';
import { APIS } from '../../i18n/apis';

const { bulk } = APIS.list;

/** What to do with the ticked APIs at once: enable, disable or delete them. */
export default function BulkBar({
  count,
  onBulk,
}: {
  count: number;
  onBulk: (action: 'enable' | 'disable' | 'delete') => void;
}) {
  return (
    <div
      className="admin-bulk-bar d-flex flex-wrap gap-2 align-items-center mb-3"
      role="region"
      aria-label={bulk.region}
    >
      <span>{bulk.selected(count)}</span>
      <Button size="sm" variant="outline-success" onClick={() => onBulk('enable')}>
        {bulk.enable}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => onBulk('disable')}>
        {bulk.disable}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={() => onBulk('delete')}>
        {bulk.delete}
      </Button>
    </div>
  );
}
