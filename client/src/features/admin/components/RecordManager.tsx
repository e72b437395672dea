import { Button } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import RecordFormModal from './record-manager/RecordFormModal';
import RecordTable from './record-manager/RecordTable';
import type { RecordManagerProps, Row } from './record-manager/types';
import { useRecordManager } from './record-manager/useRecordManager';

/**
 * A table of small records with an add/edit modal and a confirmed delete, built from the screen's
 * columns and field list: partners, ads, sidebar links, friend links and categories share it.
 */
export default function RecordManager<T extends Row>(props: RecordManagerProps<T>) {
  const { texts, banner, form, ...manager } = useRecordManager(props);

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{props.title}</h1>
        <Button onClick={() => manager.open(null)}>
          {COMMON.add}
          {props.noun}
        </Button>
      </div>
      <NoticeBanner notice={banner} onClose={props.dismissible ? manager.clearBanner : undefined} />
      {props.loadError ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(props.loadError, texts.load)}
        </div>
      ) : props.loading || !props.rows ? (
        <Loading label={COMMON.loading} />
      ) : (
        <RecordTable
          rows={props.rows}
          columns={props.columns}
          trailing={props.trailing ?? []}
          withStatus={'status' in props.blank}
          empty={texts.empty}
          onEdit={manager.open}
          onDelete={(row) => void manager.remove(row)}
        />
      )}
      <RecordFormModal
        form={form}
        fields={props.fields}
        noun={props.noun}
        idPrefix={props.idPrefix ?? 'record'}
        buttonsOnly={props.buttonsOnly ?? false}
      />
      {manager.dialog}
    </section>
  );
}
