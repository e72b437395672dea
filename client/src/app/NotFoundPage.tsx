import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/ui/usePageTitle';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="text-center py-5">
      <h1 className="display-5">404</h1>
      <p className="lead">The page you are looking for does not exist.</p>
      <Link to={paths.home} className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
