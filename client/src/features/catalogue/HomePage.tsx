import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { useGetApiListQuery } from './api';

export default function HomePage() {
  const { data, error, isLoading } = useGetApiListQuery({ is_paid: 0, page: 1, per_page: 48 });
  if (isLoading) return <p>Loading…</p>;
  if (error) return <p role="alert">{errorMessage(error, 'failed to load APIs')}</p>;
  return (
    <ul className="list-unstyled row g-3" aria-label="Free APIs">
      {data?.data.map((item) => (
        <li key={item.id} className="col-12 col-md-6 col-xl-4">
          <Link
            to={paths.apiDetail(item.id, item.name_en)}
            className="card h-100 p-3 text-decoration-none"
          >
            <strong>{item.name}</strong>
            <span className="text-muted small">{item.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
