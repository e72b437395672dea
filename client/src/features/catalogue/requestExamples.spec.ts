import {
  absoluteUrl,
  buildExamples,
  KEY_PLACEHOLDER,
  samplesFromExampleUrl,
} from './requestExamples';

const params = [
  { name: 'text', type: 'string', required: true, description: '' },
  { name: 'size', type: 'integer', required: false, description: '' },
];

describe('buildExamples', () => {
  it('puts GET parameters in the query, with sample values and the key placeholder', () => {
    const examples = buildExamples({
      method: 'GET',
      url: 'https://site.example/apis/qrcode',
      params,
      samples: { text: "it's me" },
    });
    const url = 'https://site.example/apis/qrcode?text=it%27s+me&size=1';
    expect(examples.curl).toBe(`curl -X GET '${url}' \\\n  -H 'X-API-Key: ${KEY_PLACEHOLDER}'`);
    expect(examples.javascript).toContain(`fetch(${JSON.stringify(url)}`);
    expect(examples.python).toContain(`"${url}"`);
    expect(examples.python).toContain(`headers={"X-API-Key": "${KEY_PLACEHOLDER}"}`);
    expect(examples.php).toContain(`curl_init('${url}')`);
  });

  it('sends POST parameters as a typed JSON body and fills in the user key', () => {
    const examples = buildExamples({
      method: 'post',
      url: 'https://site.example/apis/diff',
      params: [...params, { name: 'strict', type: 'boolean', required: false, description: '' }],
      samples: { text: 'a', size: '64' },
      apiKey: 'pk_live_123',
    });
    expect(examples.curl).toContain(`-d '{"text":"a","size":64,"strict":true}'`);
    expect(examples.curl).toContain('X-API-Key: pk_live_123');
    expect(examples.javascript).toContain('"size": 64');
    expect(examples.python).toContain('json={"text": "a", "size": 64, "strict": True}');
    expect(examples.php).toContain(`CURLOPT_POSTFIELDS, '{"text":"a","size":64,"strict":true}'`);
    expect(examples.php).toContain(`'X-API-Key: pk_live_123'`);
  });

  it('escapes single quotes for the shell', () => {
    const { curl } = buildExamples({
      method: 'POST',
      url: 'https://site.example/apis/x',
      params: [params[0]],
      samples: { text: "it's" },
    });
    expect(curl).toContain(`-d '{"text":"it'\\''s"}'`);
  });
});

describe('helpers', () => {
  it('reads sample values from an example URL', () => {
    expect(samplesFromExampleUrl('/apis/x?a=1&b=two%20words')).toEqual({ a: '1', b: 'two words' });
    expect(samplesFromExampleUrl('/apis/x')).toEqual({});
  });

  it('makes site paths absolute and keeps absolute URLs', () => {
    expect(absoluteUrl('/apis/ip', 'https://s.example')).toBe('https://s.example/apis/ip');
    expect(absoluteUrl('https://o.example/a', 'https://s.example')).toBe('https://o.example/a');
  });
});
