import { USER_AGENT_HANDLERS } from './user-agent';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(USER_AGENT_HANDLERS);

describe('user-agent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      {
        browser: { name: 'Safari', version: '17.4' },
        os: { name: 'iOS', version: '17.4' },
        device: 'mobile',
      },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      {
        browser: { name: 'Edge', version: '131.0.2903.86' },
        os: { name: 'macOS', version: '10.15.7' },
        device: 'desktop',
      },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      {
        browser: { name: 'Chrome', version: '120.0' },
        os: { name: 'Android', version: '13' },
        device: 'tablet',
      },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      {
        browser: { name: 'Firefox', version: '128.0' },
        os: { name: 'Linux', version: null },
        device: 'desktop',
      },
    ],
    ['curl/8.5.0', { device: 'bot', is_bot: true }],
  ])('parses %s', async (ua, expected) => {
    expect(await data('user-agent', { ua })).toMatchObject(expected);
  });

  it("defaults to the request's own header and needs one of them", async () => {
    expect((await data('user-agent')).browser).toEqual({ name: 'Chrome', version: '131.0.0.0' });
    await expectInvalid('user-agent', {}, "parameter 'ua'", { headers: {} });
  });
});
