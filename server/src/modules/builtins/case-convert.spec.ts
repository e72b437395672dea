import { CASE_CONVERT_HANDLERS } from './case-convert';
import { harness } from './test/harness';

const { data, expectInvalid } = harness(CASE_CONVERT_HANDLERS);

describe('case-convert', () => {
  it.each([
    ['snake', 'XMLHttpRequest2 userId', 'xml_http_request_2_user_id'],
    ['camel', 'get user by id', 'getUserById'],
    ['pascal', 'get-user_by id', 'GetUserById'],
    ['kebab', 'someVariableName', 'some-variable-name'],
    ['constant', 'max retry count', 'MAX_RETRY_COUNT'],
    ['title', 'the éclair of london', 'The Éclair Of London'],
    ['sentence', 'HELLO THERE. how ARE you? fine!', 'Hello there. How are you? Fine!'],
    ['upper', 'straße', 'STRASSE'],
    ['lower', 'ÀB', 'àb'],
  ])('converts to %s', async (to, text, result) => {
    expect(await data('case-convert', { text, to })).toEqual({ to, result });
  });

  it('requires a known target style', async () => {
    await expectInvalid('case-convert', { text: 'x' }, "parameter 'to' is required");
    await expectInvalid('case-convert', { text: 'x', to: 'leet' }, "parameter 'to' must be one of");
  });
});
