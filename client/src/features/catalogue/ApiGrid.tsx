import type { ApiSummary } from '@contracts/apis';
import ApiCard from './ApiCard';

export default function ApiGrid({ apis, label }: { apis: ApiSummary[]; label: string }) {
  return (
    <ul className="list-unstyled row g-3 mb-0" aria-label={label}>
      {apis.map((api) => (
        <li key={api.id} className="col-12 col-sm-6 col-xl-4 col-xxl-3">
          <ApiCard api={api} />
        </li>
      ))}
    </ul>
  );
}
