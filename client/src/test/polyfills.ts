import { TextDecoder, TextEncoder } from 'node:util';

// react-router needs TextEncoder, which jsdom lacks; this runs before any test module loads.
Object.assign(globalThis, { TextDecoder, TextEncoder });
