import type { RequestParam } from './list-fields';
import {
  buildRequestModel,
  checkValue,
  EXAMPLE_LANGUAGES,
  initialValues,
  KEY_PLACEHOLDER,
  renderExample,
  type RequestApi,
  validateValues,
} from './request-examples';

const p = (name: string, type: string, required = false, extra: Partial<RequestParam> = {}) => ({
  name,
  type,
  required,
  description: '',
  ...extra,
});

const ORIGIN = 'https://site.example';

function api(overrides: Partial<RequestApi> = {}): RequestApi {
  return {
    name_en: 'demo',
    endpoint: '/apis/demo',
    request_method: 'GET',
    request_params: [],
    example_url: '',
    response_format: 'application/json',
    is_paid: 0,
    ...overrides,
  };
}

const ALL_TYPES = [
  p('text', 'string', true),
  p('count', 'integer'),
  p('ratio', 'number'),
  p('flag', 'boolean'),
  p('tags', 'array'),
  p('options', 'object'),
  p('level', 'string', false, { enum: ['l', 'm', 'q', 'h'], default: 'm' }),
];

describe('checkValue: every parameter type', () => {
  it.each([
    ['string', 'anything at all', null],
    ['integer', '42', null],
    ['integer', '-7', null],
    ['integer', '4.2', 'integer'],
    ['integer', '12abc', 'integer'],
    ['integer', '99999999999999999999', 'integer'],
    ['number', '1.5', null],
    ['number', '-.5e3', null],
    ['number', 'NaN', 'number'],
    ['number', '1,5', 'number'],
    ['boolean', 'true', null],
    ['boolean', 'false', null],
    ['boolean', 'yes', 'boolean'],
    ['array', '[1, "a"]', null],
    ['array', '{"a":1}', 'array'],
    ['array', '[1,', 'array'],
    ['object', '{"a": [1]}', null],
    ['object', '[1]', 'object'],
    ['object', 'null', 'object'],
  ])('%s %j → %s', (type, text, problem) => {
    expect(checkValue(p('x', type), text)).toBe(problem);
  });

  it('an empty value is a problem only when the parameter is required', () => {
    expect(checkValue(p('x', 'string', true), '  ')).toBe('required');
    expect(checkValue(p('x', 'integer', '1' as unknown as boolean), '')).toBe('required');
    expect(checkValue(p('x', 'integer'), '')).toBeNull();
  });

  it('an enum accepts only its values', () => {
    const level = ALL_TYPES[6];
    expect(checkValue(level, 'q')).toBeNull();
    expect(checkValue(level, 'x')).toBe('enum');
  });

  it('validateValues names every field that cannot be sent', () => {
    const values = { text: '', count: 'two', ratio: '0.5', tags: '[', level: 'm' };
    expect(validateValues(api({ request_params: ALL_TYPES }), values)).toEqual({
      text: 'required',
      count: 'integer',
      tags: 'array',
    });
  });
});

describe('initialValues', () => {
  it('takes the example URL first, then the example, then the default, else empty', () => {
    const values = initialValues(
      api({
        example_url: '/apis/demo?text=hi&count=3',
        request_params: [
          p('text', 'string', true, { example: 'ignored' }),
          p('count', 'integer', false, { default: '1' }),
          p('size', 'integer', false, { example: '256', default: '128' }),
          p('level', 'string', false, { default: 'm' }),
          p('note', 'string'),
        ],
      }),
    );
    expect(values).toEqual({ text: 'hi', count: '3', size: '256', level: 'm', note: '' });
  });
});

describe('buildRequestModel', () => {
  it('GET: given values in the query, empty optional ones left out, the key in a header', () => {
    const model = buildRequestModel(
      api({ request_params: ALL_TYPES }),
      { text: "it's me & you", count: '3', ratio: '', flag: 'true', tags: '', options: '' },
      ORIGIN,
      'pk_secret',
    );
    expect(model.method).toBe('GET');
    expect(model.url).toBe(
      'https://site.example/apis/demo?text=it%27s+me+%26+you&count=3&flag=true',
    );
    expect(model.url).not.toContain('pk_secret');
    expect(model.headers).toEqual([['X-API-Key', 'pk_secret']]);
    expect(model.body).toBeNull();
    expect(model.saveAs).toBeNull();
  });

  it('POST: a typed JSON body (numbers, booleans, arrays and objects as such)', () => {
    const model = buildRequestModel(
      api({ request_method: 'post', request_params: ALL_TYPES }),
      {
        text: 'a\nb',
        count: ' 3 ',
        ratio: '0.25',
        flag: 'false',
        tags: '["x", 2]',
        options: '{"deep": {"k": null}}',
        level: 'h',
      },
      ORIGIN,
      null,
    );
    expect(model.method).toBe('POST');
    expect(model.url).toBe('https://site.example/apis/demo');
    expect(model.body).toEqual({
      text: 'a\nb',
      count: 3,
      ratio: 0.25,
      flag: false,
      tags: ['x', 2],
      options: { deep: { k: null } },
      level: 'h',
    });
    expect(model.bodyText).toBe(JSON.stringify(model.body));
    expect(model.headers).toEqual([['Content-Type', 'application/json']]);
  });

  it('POST as a form: the values as typed, urlencoded, with their Content-Type', () => {
    const model = buildRequestModel(
      api({
        request_method: 'POST',
        request_format: 'application/x-www-form-urlencoded',
        request_params: ALL_TYPES,
      }),
      { text: 'a & b=c', count: ' 3 ', flag: 'true', tags: '["x"]', ratio: '' },
      ORIGIN,
      null,
    );
    expect(model.format).toBe('application/x-www-form-urlencoded');
    expect(model.body).toEqual({ text: 'a & b=c', count: ' 3 ', flag: 'true', tags: '["x"]' });
    expect(model.bodyText).toBe('text=a+%26+b%3Dc&count=+3+&flag=true&tags=%5B%22x%22%5D');
    expect(model.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
    expect(model.files).toEqual([]);
  });

  it('POST as a multipart form: text parts, file parts by name, no Content-Type of its own', () => {
    const model = buildRequestModel(
      api({
        request_method: 'POST',
        request_format: 'multipart/form-data',
        is_paid: 1,
        request_params: [
          p('file', 'file', true),
          p('algo', 'string'),
          p('note', 'string'),
          p('backup', 'file'),
        ],
      }),
      { file: 'photo.png', algo: 'md5', note: '', backup: '' },
      ORIGIN,
      'pk_secret',
    );
    expect(model.format).toBe('multipart/form-data');
    expect(model.body).toEqual({ algo: 'md5' });
    expect(model.files).toEqual([['file', 'photo.png']]);
    expect(model.bodyText).toBeNull();
    expect(model.headers).toEqual([['X-API-Key', 'pk_secret']]);
  });

  it('GET ignores a body format: no body, no files', () => {
    const model = buildRequestModel(
      api({ request_format: 'multipart/form-data', request_params: [p('text', 'string')] }),
      { text: 'x' },
      ORIGIN,
      null,
    );
    expect(model).toMatchObject({ format: null, body: null, bodyText: null, files: [] });
    expect(model.url).toBe('https://site.example/apis/demo?text=x');
  });

  it('path parameters go in the query string, whatever the method', () => {
    const params = [p('owner', 'string', true, { in: 'path' }), p('title', 'string', true)];
    const post = buildRequestModel(
      api({ request_method: 'POST', request_params: params }),
      { owner: 'octo cat', title: 'bug' },
      ORIGIN,
      null,
    );
    expect(post.url).toBe('https://site.example/apis/demo?owner=octo+cat');
    expect(post.body).toEqual({ title: 'bug' });
    const get = buildRequestModel(
      api({ request_params: params }),
      { owner: 'octo', title: 'bug' },
      ORIGIN,
      null,
    );
    expect(get.url).toBe('https://site.example/apis/demo?owner=octo&title=bug');
    expect(get.body).toBeNull();
  });

  it('no key: nothing on a free API, the placeholder on a paid one', () => {
    expect(buildRequestModel(api(), {}, ORIGIN, null).headers).toEqual([]);
    expect(buildRequestModel(api({ is_paid: 1 }), {}, ORIGIN, null).headers).toEqual([
      ['X-API-Key', KEY_PLACEHOLDER],
    ]);
  });

  it('an image answer is saved to a file named after the chosen format', () => {
    const qr = api({
      name_en: 'qrcode',
      response_format: 'image/svg+xml, image/png',
      request_params: [p('text', 'string', true), p('format', 'string')],
    });
    expect(buildRequestModel(qr, { text: 'x' }, ORIGIN, null).saveAs).toBe('qrcode.svg');
    expect(buildRequestModel(qr, { text: 'x', format: 'png' }, ORIGIN, null).saveAs).toBe(
      'qrcode.png',
    );
    expect(
      buildRequestModel(api({ response_format: 'application/zip' }), {}, ORIGIN, null).saveAs,
    ).toBe('demo.bin');
  });

  it('keeps an absolute endpoint', () => {
    const model = buildRequestModel(api({ endpoint: 'https://other.example/x' }), {}, ORIGIN, null);
    expect(model.url).toBe('https://other.example/x');
  });
});

describe('renderExample', () => {
  const tricky = api({
    request_method: 'POST',
    request_params: [p('text', 'string', true), p('n', 'integer')],
  });
  const model = buildRequestModel(tricky, { text: `it's "q" \\ #{x} $y\nz`, n: '2' }, ORIGIN, 'k1');

  it('writes all ten languages, each with the URL, the method, the key and the body', () => {
    for (const language of EXAMPLE_LANGUAGES) {
      const code = renderExample(model, language);
      expect(code).toContain('https://site.example/apis/demo');
      expect(code).toContain('k1');
      expect(code).toMatch(/POST/i);
    }
  });

  it('quotes the body so that each language reads back the same text', () => {
    expect(renderExample(model, 'curl')).toContain(
      `--data-raw '{"text":"it'\\''s \\"q\\" \\\\ #{x} $y\\nz","n":2}'`,
    );
    expect(renderExample(model, 'php')).toContain(
      `CURLOPT_POSTFIELDS => '{"text":"it\\'s \\\\"q\\\\" \\\\\\\\ #{x} $y\\\\nz","n":2}'`,
    );
    expect(renderExample(model, 'ruby')).toContain(
      `request.body = '{"text":"it\\'s \\\\"q\\\\" \\\\\\\\ #{x} $y\\\\nz","n":2}'`,
    );
    expect(renderExample(model, 'rust')).toContain(
      `.body(r#"{"text":"it's \\"q\\" \\\\ #{x} $y\\nz","n":2}"#)`,
    );
    expect(renderExample(model, 'go')).toContain(
      `strings.NewReader(${JSON.stringify(model.bodyText)})`,
    );
    expect(renderExample(model, 'python')).toContain(
      `json={\n        "text": ${JSON.stringify(model.body!.text)},\n        "n": 2,\n    },`,
    );
  });

  it('GET examples carry no body and no Content-Type', () => {
    const get = buildRequestModel(
      api({ request_params: [p('q', 'string')] }),
      { q: 'a b' },
      ORIGIN,
      null,
    );
    for (const language of EXAMPLE_LANGUAGES) {
      const code = renderExample(get, language);
      expect(code).toContain('https://site.example/apis/demo?q=a+b');
      expect(code).not.toContain('Content-Type');
      expect(code).not.toContain('X-API-Key');
    }
    expect(renderExample(get, 'curl')).toBe(
      "curl -sS --fail-with-body 'https://site.example/apis/demo?q=a+b'",
    );
  });

  it('paid APIs generate an Idempotency-Key per call in every language, free ones send none', () => {
    const generators: Record<string, string> = {
      curl: '-H "Idempotency-Key: $(od -An -tx1 -N16 /dev/urandom | tr -d \' \\n\')"',
      javascript: '"Idempotency-Key": crypto.randomUUID(),',
      node: '"Idempotency-Key": randomUUID(),',
      python: '"Idempotency-Key": str(uuid.uuid4())',
      php: "'Idempotency-Key: ' . bin2hex(random_bytes(16))",
      go: 'req.Header.Set("Idempotency-Key", rand.Text())',
      java: '.header("Idempotency-Key", UUID.randomUUID().toString())',
      csharp: 'request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());',
      ruby: "request['Idempotency-Key'] = SecureRandom.uuid",
      rust: '.header("Idempotency-Key", uuid::Uuid::new_v4().to_string())',
    };
    const paid = buildRequestModel(api({ is_paid: 1 }), {}, ORIGIN, 'k1');
    expect(paid.idempotent).toBe(true);
    expect(paid.headers).toEqual([['X-API-Key', 'k1']]);
    expect(model.idempotent).toBe(false);
    for (const language of EXAMPLE_LANGUAGES) {
      const code = renderExample(paid, language);
      expect({ language, generates: code.includes(generators[language]) }).toEqual({
        language,
        generates: true,
      });
      expect(code).toContain('A retry with the same Idempotency-Key is never charged twice');
      expect(renderExample(model, language)).not.toContain('Idempotency-Key');
    }
  });

  it('binary answers are written to the file, never parsed as JSON', () => {
    const image = buildRequestModel(
      api({ name_en: 'qrcode', response_format: 'image/png' }),
      {},
      ORIGIN,
      null,
    );
    for (const language of EXAMPLE_LANGUAGES) {
      const code = renderExample(image, language);
      expect(code).toContain('qrcode.png');
      expect(code).not.toMatch(/\.json\(\)|json_decode|JSON\.parse|json\.dumps/);
    }
  });
});

describe('renderExample: form and multipart bodies', () => {
  const hashParams = [
    p('text', 'string', true),
    p('algo', 'string', false, { enum: ['md5', 'sha256'] }),
  ];
  const form = buildRequestModel(
    api({
      request_method: 'POST',
      request_format: 'application/x-www-form-urlencoded',
      request_params: hashParams,
    }),
    { text: "it's a & b", algo: 'md5' },
    ORIGIN,
    null,
  );
  const fileParams = [p('file', 'file', true), p('algo', 'string'), p('note', 'string')];
  const multipartApi = api({
    request_method: 'POST',
    request_format: 'multipart/form-data',
    request_params: fileParams,
  });
  const multipart = buildRequestModel(
    multipartApi,
    { file: 'docs/example.txt', algo: 'md5', note: '@secret <x' },
    ORIGIN,
    'k1',
  );

  it('a form sends its urlencoded text with its Content-Type', () => {
    const bodyText = 'text=it%27s+a+%26+b&algo=md5';
    expect(form.bodyText).toBe(bodyText);
    const curl = renderExample(form, 'curl');
    expect(curl).toContain(`-H 'Content-Type: application/x-www-form-urlencoded'`);
    expect(curl).toContain(`--data-raw '${bodyText}'`);
    expect(renderExample(form, 'python')).toContain(`    data="${bodyText}",\n`);
    expect(renderExample(form, 'python')).not.toContain('json=');
    expect(renderExample(form, 'node')).toContain(
      '  body: new URLSearchParams({\n    "text": "it\'s a & b",\n    "algo": "md5"\n  }),',
    );
    expect(renderExample(form, 'php')).toContain(`CURLOPT_POSTFIELDS => '${bodyText}',`);
    expect(renderExample(form, 'csharp')).toContain(
      `new StringContent("${bodyText}", Encoding.UTF8, "application/x-www-form-urlencoded");`,
    );
    for (const language of EXAMPLE_LANGUAGES) {
      expect(renderExample(form, language)).toContain('application/x-www-form-urlencoded');
    }
  });

  it('curl: text parts with --form-string (an @ stays text), files with -F and @', () => {
    const curl = renderExample(multipart, 'curl');
    expect(curl).toContain(`  --form-string 'algo=md5' \\\n`);
    expect(curl).toContain(`  --form-string 'note=@secret <x' \\\n`);
    expect(curl).toContain(`  -F 'file=@docs/example.txt'`);
    expect(curl).not.toContain('--data-raw');
    expect(curl).not.toContain('Content-Type');
    const odd = buildRequestModel(multipartApi, { file: 'a;b "c".txt' }, ORIGIN, null);
    expect(renderExample(odd, 'curl')).toContain(`-F 'file=@"a;b \\"c\\".txt"'`);
  });

  it('python: data= for the text parts, files= opening each file', () => {
    const python = renderExample(multipart, 'python');
    expect(python).toContain(
      '    data={\n        "algo": "md5",\n        "note": "@secret <x",\n    },\n' +
        '    files={"file": open("docs/example.txt", "rb")},\n',
    );
    expect(python).not.toContain('json=');
    // Without a file, requests needs files= to send a multipart body at all.
    const textOnly = buildRequestModel(multipartApi, { algo: 'md5' }, ORIGIN, null);
    expect(renderExample(textOnly, 'python')).toContain('    files={"algo": (None, "md5")},\n');
  });

  it('node: FormData with each file from fs.openAsBlob, named after the file', () => {
    const node = renderExample(multipart, 'node');
    expect(node).toContain('// Node.js 20 or later');
    expect(node).toContain("import { openAsBlob } from 'node:fs';");
    expect(node).toContain(
      [
        'const form = new FormData();',
        'form.append("algo", "md5");',
        'form.append("note", "@secret <x");',
        'form.append("file", await openAsBlob("docs/example.txt"), "example.txt");',
      ].join('\n'),
    );
    expect(node).toContain('  body: form,\n');
    expect(node).not.toContain('Content-Type');
  });

  it('every other language builds the parts with its own multipart tool', () => {
    const expected: Record<string, string[]> = {
      javascript: [
        'form.append("file", document.querySelector(\'input[type=file][name="file"]\').files[0]);',
      ],
      php: ["'note' => '@secret <x',", "'file' => new CURLFile('docs/example.txt'),"],
      go: [
        'if err := form.WriteField("algo", "md5"); err != nil {',
        'if err := addFile(form, "file", "docs/example.txt"); err != nil {',
        'req.Header.Set("Content-Type", form.FormDataContentType())',
      ],
      java: [
        'body.addAll(part(boundary, "algo", null, "md5".getBytes(StandardCharsets.UTF_8)));',
        'body.addAll(part(boundary, "file", "example.txt", Files.readAllBytes(Path.of("docs/example.txt"))));',
        '.header("Content-Type", "multipart/form-data; boundary=" + boundary)',
        '.method("POST", HttpRequest.BodyPublishers.ofByteArrays(body))',
      ],
      csharp: [
        'form.Add(new StringContent("md5"), "algo");',
        'form.Add(new ByteArrayContent(File.ReadAllBytes("docs/example.txt")), "file", "example.txt");',
      ],
      ruby: [
        "  ['algo', 'md5'],",
        "  ['file', File.open('docs/example.txt')],",
        "], 'multipart/form-data')",
      ],
      rust: [
        'features = ["blocking", "multipart"]',
        '        .text("algo", "md5")',
        '        .file("file", "docs/example.txt")?;',
        '        .multipart(form)',
      ],
    };
    for (const [language, lines] of Object.entries(expected)) {
      const code = renderExample(multipart, language as (typeof EXAMPLE_LANGUAGES)[number]);
      for (const line of lines)
        expect({ language, has: line, found: code.includes(line) }).toEqual({
          language,
          has: line,
          found: true,
        });
      expect(code).toContain('k1');
    }
  });
});
