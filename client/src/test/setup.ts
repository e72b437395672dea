import '@testing-library/jest-dom';
import { server } from './server';

// Any call a spec did not answer fails loudly instead of hanging or reaching the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
