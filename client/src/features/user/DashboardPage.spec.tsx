import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { http, ok, server } from '../../test/server';
import DashboardPage from './DashboardPage';

describe('DashboardPage', () => {
  it('gives a copy-paste MCP configuration carrying the user’s key', async () => {
    server.use(
      http.get('/api/user/get_user_info.php', () =>
        ok({
          id: 7,
          username: 'alice',
          balance: '12.50',
          api_key: 'pk_test_key',
          created_at: '2026-01-01T00:00:00.000Z',
        }),
      ),
      http.get('/api/user/get_usage.php', () =>
        ok({ days: [], top_apis: [], balance: '12.50', usual_price: null, calls_left: null }),
      ),
      http.get('/api/user/get_balance_alert.php', () =>
        ok({
          threshold: null,
          email: null,
          account_email: null,
          webhook_url: null,
          webhook_secret: null,
          low: false,
          balance: '12.50',
          deliveries: [],
        }),
      ),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </Provider>,
    );
    const config = await screen.findByTestId('mcp-config');
    expect(JSON.parse(config.textContent ?? '')).toEqual({
      mcpServers: {
        portico: {
          url: `${window.location.origin}/mcp`,
          headers: { Authorization: 'Bearer pk_test_key' },
        },
      },
    });
    expect(screen.getByText(/claude mcp add --transport http portico/)).toHaveTextContent(
      'Authorization: Bearer pk_test_key',
    );
  });
});
