import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { loggedIn } from '../auth/authSlice';
import * as catalogueApi from './api';
import ApiDetailPage, { apiRefFromParams } from './ApiDetailPage';

jest.mock('./api', () => ({ useGetApiDetailQuery: jest.fn() }));
const mocked = catalogueApi as jest.Mocked<typeof catalogueApi>;

const API = {
  id: 7,
  name: 'IP lookup',
  name_en: 'ip',
  description: 'Where a request comes from',
  description_en: '',
  endpoint: '/apis/ip',
  example_url: '/apis/ip?format=json',
  response_format: 'application/json',
  request_method: 'GET',
  status: 1,
  is_paid: 1,
  is_pinned: 0,
  price_per_call: '0.002',
  usage_count: 1234,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  request_params: [{ name: 'format', type: 'string', required: false, description: 'json' }],
  response_params: [],
  status_codes: [],
  php_example: '<?php echo 1;',
  response_example: '{"success":true}',
};

function setup(result: object, signedIn = false) {
  sessionStorage.clear();
  mocked.useGetApiDetailQuery.mockReturnValue(result as never);
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ id: 1, username: 'alice', api_key: 'pk_secret' }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/api/7/ip']}>
        <Routes>
          <Route path="/api/:id/:name_en?" element={<ApiDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ApiDetailPage', () => {
  it('shows the documentation with the empty-table messages and the page title', () => {
    setup({ currentData: API, isFetching: false });
    expect(screen.getByRole('heading', { level: 1, name: 'IP lookup' })).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/apis/ip`)).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'format' })).toBeInTheDocument();
    expect(screen.getByText('no response parameters')).toBeInTheDocument();
    expect(screen.getByText('no specific status codes')).toBeInTheDocument();
    expect(screen.getByLabelText('PHP example', { selector: 'pre' })).toHaveTextContent(
      '<?php echo 1;',
    );
    expect(screen.getByLabelText('curl request example', { selector: 'pre' })).toHaveTextContent(
      'X-API-Key: YOUR_API_KEY',
    );
    expect(document.title).toBe('IP lookup - Portico API');
    expect(mocked.useGetApiDetailQuery).toHaveBeenCalledWith({ id: 7 }, { skip: false });
  });

  it('says when there are no request parameters, and fills in the signed-in key', () => {
    setup({ currentData: { ...API, request_params: [] }, isFetching: false }, true);
    expect(screen.getByText('no request parameters')).toBeInTheDocument();
    expect(screen.getByLabelText('curl request example', { selector: 'pre' })).toHaveTextContent(
      'X-API-Key: pk_secret',
    );
  });

  it.each([
    [{ status: 404, data: { success: false, message: 'API not found' } }, 'API not found'],
    [{ status: 500, data: {} }, 'failed to get API data (status code 500)'],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, 'no response from the server'],
  ])('explains error %j', (error, text) => {
    setup({ error, isFetching: false });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('shows a loading state', () => {
    setup({ isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});

describe('apiRefFromParams', () => {
  it('takes a numeric id, else the English name', () => {
    expect(apiRefFromParams('12', 'x')).toEqual({ id: 12 });
    expect(apiRefFromParams('ip-lookup', undefined)).toEqual({ name_en: 'ip-lookup' });
    expect(apiRefFromParams(undefined, 'ip')).toEqual({ name_en: 'ip' });
    expect(apiRefFromParams(' ', undefined)).toBeNull();
  });
});
