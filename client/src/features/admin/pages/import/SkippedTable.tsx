import type { ImportPreview } from '@contracts/openapi';
import { Table } from 'react-bootstrap';
import { COMMON } from '../../i18n/common';
import { IMPORT } from '../../i18n/import';

/** The operations the import leaves out, each with the reason why. */
export default function SkippedTable({ skipped }: { skipped: ImportPreview['skipped'] }) {
  return (
    <>
      <h3 className="h6">{IMPORT.skipped}</h3>
      <Table bordered size="sm" className="bg-body admin-cards" aria-label={IMPORT.skipped}>
        <thead>
          <tr>
            <th>{IMPORT.columns.method}</th>
            <th>{IMPORT.columns.path}</th>
            <th>{COMMON.reason}</th>
          </tr>
        </thead>
        <tbody>
          {skipped.map((op) => (
            <tr key={`${op.method} ${op.path}`}>
              <td data-label={IMPORT.columns.method}>{op.method.toUpperCase()}</td>
              <td data-label={IMPORT.columns.path}>
                <code>{op.path}</code>
              </td>
              <td data-label={COMMON.reason}>{op.reason}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
