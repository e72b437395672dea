import '@testing-library/jest-dom';
import { loadLang } from '../i18n';
import { server } from './server';

// Pages load their language's texts before they render; specs render in either at once.
beforeAll(() => loadLang('zh'));

// Any call a spec did not answer fails loudly instead of hanging or reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
