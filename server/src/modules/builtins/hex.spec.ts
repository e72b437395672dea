import { HEX_HANDLERS } from './hex';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(HEX_HANDLERS);

describe('hex', () => {
  it('encodes UTF-8 and decodes with prefixes and spaces', async () => {
    expect((await data('hex', { text: 'Hi你' })).result).toBe('4869e4bda0');
    expect((await data('hex', { action: 'decode', text: '0x48 69' })).result).toBe('Hi');
  });

  it('rejects odd lengths, non-hex and invalid UTF-8', async () => {
    await expectInvalid('hex', { action: 'decode', text: '486' }, 'hexadecimal');
    await expectInvalid('hex', { action: 'decode', text: 'zz' }, 'hexadecimal');
    await expectInvalid('hex', { action: 'decode', text: 'ff' }, 'UTF-8');
  });
});
