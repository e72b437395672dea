import type { MonthTotals } from '@contracts/statements';
import { Table } from 'react-bootstrap';
import { formatYuan } from '../../../../lib/money';
import { STATEMENTS } from '../../i18n/statements';

const FIGURES = Object.keys(STATEMENTS.figures) as (keyof typeof STATEMENTS.figures)[];

/** A month's figures in the order they add up, then the calls they count. */
export default function Figures({ totals, testId }: { totals: MonthTotals; testId: string }) {
  const rows: [string, string, string?][] = [
    ...FIGURES.map((name): [string, string, string?] => [
      STATEMENTS.figures[name],
      formatYuan(totals[name]),
      name === 'closing_balance' ? 'fw-semibold' : undefined,
    ]),
    [STATEMENTS.calls, String(totals.calls)],
    [STATEMENTS.freeCalls, String(totals.free_calls)],
  ];
  return (
    <Table size="sm" className="mb-0" data-testid={testId}>
      <tbody>
        {rows.map(([label, value, emphasis]) => (
          <tr key={label} className={emphasis}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end text-nowrap">{value}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
