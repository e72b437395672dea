import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import * as siteApi from './api';
import FriendsPage, { FRIENDS_ERROR } from './FriendsPage';

jest.mock('./api', () => ({ useGetFriendLinksQuery: jest.fn() }));
const mocked = siteApi as jest.Mocked<typeof siteApi>;

function setup(result: object) {
  mocked.useGetFriendLinksQuery.mockReturnValue(result as never);
  render(
    <Provider store={makeStore()}>
      <FriendsPage />
    </Provider>,
  );
}

describe('FriendsPage', () => {
  it('shows cards that open in a new tab, with a letter when there is no avatar', () => {
    setup({
      isLoading: false,
      data: [
        {
          id: 1,
          name: 'DevNotes',
          link_url: 'https://d.example',
          avatar_url: '/a.svg',
          description: 'Blog',
        },
        { id: 2, name: 'pixel', link_url: 'https://p.example', avatar_url: '', description: '' },
      ],
    });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://d.example');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveTextContent('Blog');
    expect(links[1]).toHaveTextContent('P');
    expect(document.title).toBe('Friend links - Portico API');
  });

  it('says when there are none', () => {
    setup({ isLoading: false, data: [] });
    expect(screen.getByText('no friend links yet')).toBeInTheDocument();
  });

  it('explains a failed request', () => {
    setup({ isLoading: false, error: { status: 'FETCH_ERROR', error: 'x' } });
    expect(screen.getByRole('alert')).toHaveTextContent(FRIENDS_ERROR);
  });
});
