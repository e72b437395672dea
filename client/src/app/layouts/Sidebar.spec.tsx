import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import { loggedIn } from '../authSlice';
import { makeStore } from '../store';
import { I18nProvider, type Lang } from '../../i18n';
import Sidebar from './Sidebar';

const LINKS = [
  { id: 1, title: 'Docs', url: '/about', target: '_blank' },
  { id: 2, title: 'Status', url: 'https://status.example.com', target: '_blank' },
  { id: 3, title: 'Same tab', url: 'https://same.example.com', target: '_self' },
  { id: 4, title: 'Soon', url: null, target: '_self' },
  { id: 5, title: 'Gateway', url: '/apis/ip', target: '_self' },
];

function setup(answer: () => Response, signedIn = false, lang: Lang = 'en') {
  sessionStorage.clear();
  server.use(http.get('/api/get_sidebar_links_public.php', answer));
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice' }));
  render(
    <Provider store={store}>
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <Sidebar />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return within(screen.getByRole('navigation', { name: lang === 'en' ? 'Sidebar' : '侧栏' }));
}

describe('Sidebar', () => {
  it('shows the fixed entries, then server links by kind, then login and register', async () => {
    const nav = setup(() => ok(LINKS));
    await nav.findByRole('link', { name: 'Docs' });
    const names = nav.getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual([
      'Home',
      'Friend links',
      'About',
      'Docs',
      'Status↗',
      'Same tab',
      'Gateway',
      'Login',
      'Register',
    ]);
    expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Docs' })).not.toHaveAttribute('target');
    const external = nav.getByRole('link', { name: /Status/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(nav.getByRole('link', { name: 'Same tab' })).not.toHaveAttribute('target');
    expect(nav.getByRole('link', { name: 'Gateway' })).toHaveAttribute('href', '/apis/ip');
    expect(nav.getByText('Soon')).toHaveAttribute('aria-disabled', 'true');
    expect(nav.getByText('Soon').tagName).toBe('SPAN');
  });

  it.each([
    ['en', 'Status page', 'Live availability', 'Docs', 'Read me'],
    ['zh', '状态页', '实时可用性', 'Docs', 'Read me'],
  ] as const)(
    'names a link in the page’s language (%s), else as written',
    async (lang, status, statusHint, docs, docsHint) => {
      const nav = setup(
        () =>
          ok([
            {
              id: 1,
              title: '状态页',
              title_en: 'Status page',
              description: '实时可用性',
              description_en: 'Live availability',
              url: '/status',
              target: '_self',
            },
            { id: 2, title: 'Docs', title_en: '', description: 'Read me', url: '/about' },
          ]),
        false,
        lang,
      );
      expect(await nav.findByRole('link', { name: status })).toHaveAttribute('title', statusHint);
      expect(nav.getByRole('link', { name: docs })).toHaveAttribute('title', docsHint);
    },
  );

  it('shows the user entries and logout when signed in', () => {
    const nav = setup(() => ok([]), true);
    for (const name of ['User centre', 'Call records', 'Recharge centre', 'Invite friends']) {
      expect(nav.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it.each([
    [
      'the text for its code',
      () => failure(503, { code: 'server.unavailable', message: 'links are resting' }),
      'The service is unavailable, try again later.',
    ],
    ['a fallback', () => failure(500), 'failed to get links'],
    ['a network failure', () => HttpResponse.error(), 'check network'],
  ])('says the links failed, with %s', async (_case, answer, text) => {
    const nav = setup(answer);
    expect(await nav.findByRole('alert')).toHaveTextContent(text);
  });
});
