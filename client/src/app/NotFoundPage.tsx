import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/ui/usePageTitle';
import { paths } from '../config/paths';
import { useI18n } from '../i18n';

/** Unknown paths, and missing or disabled APIs (`message` says which it was). */
export default function NotFoundPage({ message }: { message?: string }) {
  const { t } = useI18n();
  usePageTitle(t('notFound.title'));
  return (
    <section className="text-center py-5">
      <h1 className="display-5">404</h1>
      <p className="lead" role={message ? 'alert' : undefined}>
        {message ?? t('notFound.text')}
      </p>
      <Link to={paths.home} className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
