import type { ApiProbeView } from '@contracts/health';
import type { AdminApi } from '@contracts/apis';
import { Button, Form } from 'react-bootstrap';
import type { Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { PROBES } from '../../i18n/probes';
import LastRun from './LastRun';
import ProbeFields from './ProbeFields';
import { useProbeEditor } from './useProbeEditor';

/** The probe's form: its last run, its fields and its save, run and remove buttons. */
export default function ProbeEditor({
  api,
  probe,
  setNotice,
}: {
  api: AdminApi;
  probe: ApiProbeView | null;
  /** The card's banner: it outlives the editor, which starts afresh once the probe is removed. */
  setNotice: (notice: Notice | null) => void;
}) {
  const { form, errors, set, saving, running, removing, dialog, onSubmit, onRun, onRemove } =
    useProbeEditor(api, probe, setNotice);

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="probe-title">
      {probe && <LastRun probe={probe} />}
      <ProbeFields form={form} errors={errors} set={set} />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? COMMON.saving : PROBES.save}
        </Button>
        {probe && (
          <>
            <Button
              variant="outline-secondary"
              disabled={running.isLoading}
              onClick={() => void onRun()}
            >
              {running.isLoading ? PROBES.running : PROBES.run}
            </Button>
            <Button
              variant="outline-danger"
              disabled={removing.isLoading}
              onClick={() => void onRemove()}
            >
              {PROBES.remove}
            </Button>
          </>
        )}
      </div>
      {dialog}
    </Form>
  );
}
