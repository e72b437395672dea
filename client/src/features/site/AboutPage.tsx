import { usePageTitle } from '../../components/ui/usePageTitle';
import { useAppSelector } from '../../app/store';
import { FALLBACK_SITE_NAME } from '../../config/paths';

const FEATURES = [
  ['99.9% availability', 'Monitored around the clock, with the gateway and every API kept up.'],
  ['Permanently free core features', 'The free APIs stay free; you pay only for premium calls.'],
  ['Rich APIs', 'Network tools, text and encoding, time, random data, QR codes and more.'],
  ['Fast response', 'Built-in APIs answer in-process, with no extra network hop.'],
] as const;

export default function AboutPage() {
  usePageTitle('About');
  const siteName = useAppSelector((state) => state.auth.siteName) || FALLBACK_SITE_NAME;
  return (
    <article className="portico-narrow">
      <h1 className="h3 mb-3">About {siteName}</h1>
      <p className="lead">
        {siteName} is a free API platform: stable, documented HTTP APIs for everyday development,
        with metered premium APIs behind a single API key.
      </p>
      <h2 className="h5 mt-4 mb-3">Features</h2>
      <div className="row g-3">
        {FEATURES.map(([title, text]) => (
          <div key={title} className="col-12 col-md-6">
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h6">{title}</h3>
                <p className="small text-muted mb-0">{text}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <h2 className="h5 mt-4 mb-2">Contact</h2>
      <p className="mb-1">
        Questions, API requests or partnership enquiries: e-mail{' '}
        <a href="mailto:support@portico.example">support@portico.example</a>.
      </p>
      <p className="text-muted small">We usually answer within one working day.</p>
    </article>
  );
}
