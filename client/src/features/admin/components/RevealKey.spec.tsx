import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { failure, http, ok, server } from '../../../test/server';
import RevealKey from './RevealKey';

function renderCell() {
  render(
    <Provider store={makeStore()}>
      <RevealKey userId={7} hint="pk_abc...wxyz" />
    </Provider>,
  );
}

describe('RevealKey', () => {
  it('shows the hint, reveals the full key with one recorded call each time, hides it again', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/admin/reveal_user_api_key.php', async ({ request }) => {
        asked.push(await request.json());
        return ok({ api_key: 'pk_abc_full_key_wxyz' });
      }),
    );
    const user = userEvent.setup();
    renderCell();
    expect(screen.getByTestId('user-key-7')).toHaveTextContent('pk_abc...wxyz');
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(await screen.findByText('pk_abc_full_key_wxyz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '隐藏' }));
    expect(screen.getByTestId('user-key-7')).toHaveTextContent('pk_abc...wxyz');
    await user.click(screen.getByRole('button', { name: '显示' }));
    await screen.findByText('pk_abc_full_key_wxyz');
    expect(asked).toEqual([{ user_id: 7 }, { user_id: 7 }]);
  });

  it('says why a key cannot be shown, in Chinese', async () => {
    server.use(
      http.post('/api/admin/reveal_user_api_key.php', () =>
        failure(404, { code: 'users.not_found', message: 'User not found.' }),
      ),
    );
    const user = userEvent.setup();
    renderCell();
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(await screen.findByText('用户不存在')).toBeInTheDocument();
  });
});
