import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { useQueryParams } from './useQueryParams';

function Filters() {
  const { search } = useLocation();
  const [, update] = useQueryParams();
  return (
    <>
      <p data-testid="query">{search}</p>
      <button onClick={() => update((next) => next.set('is_paid', '0'), { replace: true })}>
        free
      </button>
      <button onClick={() => update((next) => next.set('sort', 'name'), { replace: true })}>
        by name
      </button>
    </>
  );
}

/** Lets the router finish a navigation (promises) but not React re-render (a later task). */
const navigationSettles = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('useQueryParams', () => {
  // The clicks below are a browser's, not React's test harness's: React renders when it would.
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
    .IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false }));
  afterAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: actEnvironment }));

  it('keeps a change made before the page re-rendered with the one before it', async () => {
    const router = createMemoryRouter([{ path: '/list', element: <Filters /> }], {
      initialEntries: ['/list?search=%E7%94%9F%E6%88%90'],
    });
    render(<RouterProvider router={router} />);
    const free = screen.getByRole('button', { name: 'free' });
    const byName = screen.getByRole('button', { name: 'by name' });

    // Two clicks a slow page handles before it re-renders in between: the second click's
    // handler is still the first render's.
    free.click();
    await navigationSettles();
    expect(screen.getByTestId('query').textContent).toBe('?search=%E7%94%9F%E6%88%90');
    byName.click();
    await waitFor(() => expect(screen.getByTestId('query').textContent).toContain('sort'));

    const query = new URLSearchParams(screen.getByTestId('query').textContent ?? '');
    expect(Object.fromEntries(query)).toEqual({ search: '生成', is_paid: '0', sort: 'name' });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
