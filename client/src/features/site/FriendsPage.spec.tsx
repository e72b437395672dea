import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { I18nProvider, type Lang } from '../../i18n';
import { failure, http, HttpResponse, ok, server } from '../../test/server';
import FriendsPage from './FriendsPage';

const FRIENDS_ERROR = 'request to public friend link endpoint failed, try again later';

function setup(answer: () => Response, lang: Lang = 'en') {
  server.use(http.get('/api/get_friend_links_public.php', answer));
  render(
    <Provider store={makeStore()}>
      <I18nProvider initial={lang}>
        <FriendsPage />
      </I18nProvider>
    </Provider>,
  );
}

const link = (id: number, name: string, avatar_url: string, description: string) => ({
  id,
  name,
  link_url: `https://${name.toLowerCase()}.example`,
  avatar_url,
  description,
  description_en: '',
  sort_order: 0,
  status: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('FriendsPage', () => {
  it('shows cards that open in a new tab, with a letter when there is no avatar', async () => {
    setup(() => ok([link(1, 'DevNotes', '/a.svg', 'Blog'), link(2, 'pixel', '', '')]));
    const links = await screen.findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://devnotes.example');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveTextContent('Blog');
    expect(links[1]).toHaveTextContent('P');
    expect(document.title).toBe('Friend links - Portico API');
  });

  it.each<[Lang, string]>([
    ['en', 'A backend blog'],
    ['zh', '后端博客'],
  ])('describes each link in the page language (%s), else as written', async (lang, text) => {
    setup(
      () =>
        ok([
          { ...link(1, 'DevNotes', '', '后端博客'), description_en: 'A backend blog' },
          link(2, 'Pixel', '', '免费图标'),
        ]),
      lang,
    );
    const links = await screen.findAllByRole('link');
    expect(links[0]).toHaveTextContent(text);
    expect(links[1]).toHaveTextContent('免费图标');
  });

  it('says when there are none', async () => {
    setup(() => ok([]));
    expect(await screen.findByText('no friend links yet')).toBeInTheDocument();
  });

  it.each([
    ['a network failure', () => HttpResponse.error(), FRIENDS_ERROR],
    ['a reply without a message', () => failure(500), FRIENDS_ERROR],
    [
      'the text for its code',
      () => failure(503, { code: 'server.unavailable', message: 'maintenance' }),
      'The service is unavailable, try again later.',
    ],
  ])('explains %s', async (_case, answer, text) => {
    setup(answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
