/**
 * The catalogue a new site starts with: one entry per built-in handler, so every demo API answers
 * without any network access. Documentation fields (PHP example, status codes, response example) are
 * derived from each entry's example parameters and a real response, so they cannot drift apart.
 */

import type { RequestFormat } from '../contracts/apis';
import { CASES } from '../modules/builtins/case-convert';

export interface DemoApi {
  name: string;
  name_en: string;
  title_en: string;
  description: string;
  description_en: string;
  request_method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  request_format: RequestFormat;
  response_format: string;
  request_params: {
    name: string;
    type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'file';
    required: boolean;
    description: string;
    description_en: string;
    enum?: string[];
    default?: string;
    /** A file's example: the local file an example call uploads (not in the example URL). */
    example?: string;
  }[];
  /** `nullable`: the field is null where the handler has nothing to say. */
  response_params: {
    name: string;
    type: string;
    description: string;
    description_en: string;
    nullable?: true;
  }[];
  status_codes: { code: number; description: string; description_en: string }[];
  php_example: string;
  response_example: string;
  handler: string;
  is_paid: 0 | 1;
  is_pinned: 0 | 1;
  status: 0 | 1;
  price_per_call_milli: number;
  example_query: string;
}

type RequestParam = DemoApi['request_params'][number];
type ResponseParam = DemoApi['response_params'][number];

interface Spec {
  name: string;
  name_en: string;
  title_en: string;
  description: string;
  description_en: string;
  method?: 'GET' | 'POST';
  /** A POST's body: JSON unless said (a file needs multipart/form-data). */
  format?: RequestFormat;
  params: RequestParam[];
  /** Fields of `data` in a successful response. */
  data: ResponseParam[];
  example_params: Record<string, string>;
  /** The `data` of a real response to `example_params`. */
  example?: unknown;
  /** For APIs that answer with an image instead of JSON. */
  image?: { response_example: string; response_params: ResponseParam[] };
  price_milli?: number;
  pinned?: boolean;
  disabled?: boolean;
}

const BASE_URL = 'https://your-portico.example/apis';

const ENVELOPE: ResponseParam[] = [
  {
    name: 'success',
    type: 'boolean',
    description: '调用成功时为 true',
    description_en: 'true when the call succeeded',
  },
  {
    name: 'message',
    type: 'string',
    description: '成功时为 "ok"，否则为调用失败的原因',
    description_en: '"ok", or the reason the call failed',
  },
];

const param = (
  name: string,
  type: RequestParam['type'],
  required: boolean,
  description: string,
  description_en: string,
  hints: Pick<RequestParam, 'enum' | 'default'> = {},
): RequestParam => ({ name, type, required, description, description_en, ...hints });

/** The values an optional parameter accepts, its default first. */
const oneOf = (...values: string[]) => ({ enum: values, default: values[0] });

const field = (
  name: string,
  type: string,
  description: string,
  description_en: string,
): ResponseParam => ({ name, type, description, description_en });

const nullable = (row: ResponseParam): ResponseParam => ({ ...row, nullable: true });

function encodeQuery(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

function phpString(value: string): string {
  if (!/[\n\r\t]/.test(value)) return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\$/g, '\\$')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

function phpValue(value: string, type: RequestParam['type'] | undefined): string {
  if (type === 'file') return `new CURLFile(${phpString(value)})`;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return value;
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value;
  return phpString(value);
}

function phpArray(spec: Spec): string {
  const types = new Map(spec.params.map((p) => [p.name, p.type]));
  const lines = Object.entries(spec.example_params).map(
    ([key, value]) => `    ${phpString(key)} => ${phpValue(value, types.get(key))},`,
  );
  return `[\n${lines.join('\n')}\n]`;
}

function phpResultHandling(spec: Spec): string {
  if (spec.image) {
    const file = `qrcode.${spec.example_params.format ?? 'svg'}`;
    return [
      `if ($status === 200) {`,
      `    file_put_contents('${file}', $response);`,
      `    echo "Saved ${file}\\n";`,
      '} else {',
      '    $error = json_decode($response, true);',
      `    echo "HTTP $status: " . ($error['message'] ?? 'request failed');`,
      '}',
    ].join('\n');
  }
  return [
    '$result = json_decode($response, true);',
    `if ($status === 200 && $result['success']) {`,
    "    print_r($result['data']);",
    '} else {',
    `    echo "HTTP $status: " . ($result['message'] ?? 'request failed');`,
    '}',
  ].join('\n');
}

/** Free GET calls need nothing but PHP's built-in HTTP wrapper. */
function phpFileGetContents(spec: Spec): string {
  const hasParams = Object.keys(spec.example_params).length > 0;
  const url = hasParams
    ? `'${BASE_URL}/${spec.name_en}?' . http_build_query(${phpArray(spec)})`
    : `'${BASE_URL}/${spec.name_en}'`;
  return [
    '<?php',
    `$url = ${url};`,
    '// ignore_errors keeps the JSON body of 4xx answers readable',
    "$context = stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 10]]);",
    '$response = file_get_contents($url, false, $context);',
    "$status = (int) explode(' ', $http_response_header[0])[1];",
    '',
    phpResultHandling(spec),
    '',
  ].join('\n');
}

/** Paid calls and JSON bodies use cURL, which sets headers and request bodies more readably. */
function phpCurl(spec: Spec, paid: boolean): string {
  const post = spec.method === 'POST';
  const multipart = spec.format === 'multipart/form-data';
  const headers = [
    ...(post && !multipart ? ["'Content-Type: application/json'"] : []),
    ...(paid ? ["'X-API-Key: ' . $apiKey"] : []),
  ];
  const options = [
    '    CURLOPT_RETURNTRANSFER => true,',
    ...(post
      ? [
          '    CURLOPT_POST => true,',
          // An array is sent as multipart/form-data, a CURLFile as a file part.
          `    CURLOPT_POSTFIELDS => ${multipart ? '$payload' : 'json_encode($payload)'},`,
        ]
      : []),
    ...(headers.length > 0 ? [`    CURLOPT_HTTPHEADER => [${headers.join(', ')}],`] : []),
    '    CURLOPT_TIMEOUT => 10,',
  ];
  const request = post
    ? [`$payload = ${phpArray(spec)};`, `$ch = curl_init('${BASE_URL}/${spec.name_en}');`]
    : [
        `$query = http_build_query(${phpArray(spec)});`,
        `$ch = curl_init('${BASE_URL}/${spec.name_en}?' . $query);`,
      ];
  return [
    '<?php',
    ...(paid ? ["$apiKey = 'YOUR_API_KEY'; // from the user centre", ''] : []),
    ...request,
    'curl_setopt_array($ch, [',
    ...options,
    ']);',
    '$response = curl_exec($ch);',
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    'curl_close($ch);',
    '',
    phpResultHandling(spec),
    '',
  ].join('\n');
}

function statusCodes(spec: Spec, paid: boolean): DemoApi['status_codes'] {
  return [
    spec.image
      ? {
          code: 200,
          description: '成功：响应体即图片',
          description_en: 'OK: the image is the response body',
        }
      : {
          code: 200,
          description: '成功：结果在 data 中',
          description_en: 'OK: the result is in data',
        },
    {
      code: 400,
      description: '参数缺失或不合法，message 会指出是哪个参数',
      description_en: 'A parameter is missing or invalid; message names it',
    },
    ...(paid
      ? [
          {
            code: 401,
            description: 'API key 缺失或无效',
            description_en: 'Missing or invalid API key',
          },
          {
            code: 402,
            description: '余额不足：请到用户中心充值',
            description_en: 'Insufficient balance: recharge in the user centre',
          },
        ]
      : []),
    {
      code: 429,
      description: '请求过于频繁：请在 Retry-After 给出的秒数后重试',
      description_en: 'Rate limited: retry after the number of seconds in Retry-After',
    },
  ];
}

function define(spec: Spec): DemoApi {
  const price = spec.price_milli ?? 0;
  const paid = price > 0;
  const method = spec.method ?? 'GET';
  return {
    name: spec.name,
    name_en: spec.name_en,
    title_en: spec.title_en,
    description: spec.description,
    description_en: spec.description_en,
    request_method: method,
    request_format: spec.format ?? 'application/json',
    response_format: spec.image ? 'image/svg+xml, image/png' : 'application/json',
    // A file travels in the body, never in a URL: its example is the parameter's own.
    request_params: spec.params.map((p) =>
      p.type === 'file' ? { ...p, example: spec.example_params[p.name] } : p,
    ),
    response_params: spec.image
      ? spec.image.response_params
      : [...ENVELOPE, field('data', 'object', '调用结果', 'the result'), ...spec.data],
    status_codes: statusCodes(spec, paid),
    php_example: paid || method === 'POST' ? phpCurl(spec, paid) : phpFileGetContents(spec),
    response_example: spec.image
      ? spec.image.response_example
      : JSON.stringify({ success: true, message: 'ok', data: spec.example }, null, 2),
    handler: spec.name_en,
    is_paid: paid ? 1 : 0,
    is_pinned: spec.pinned ? 1 : 0,
    status: spec.disabled ? 0 : 1,
    price_per_call_milli: price,
    example_query: encodeQuery(
      Object.fromEntries(
        Object.entries(spec.example_params).filter(([name]) =>
          spec.params.some((p) => p.name === name && p.type !== 'file'),
        ),
      ),
    ),
  };
}

/** The digest both hash APIs take, and what they answer with it. */
const HASH_ALGO = param(
  'algo',
  'string',
  false,
  '算法：md5、sha1、sha256 或 sha512，默认 sha256',
  'md5, sha1, sha256 or sha512; default sha256',
  { enum: ['md5', 'sha1', 'sha256', 'sha512'], default: 'sha256' },
);
const HASH_FIELDS = [
  field('data.algo', 'string', '使用的算法', 'the algorithm used'),
  field('data.hash', 'string', '摘要，小写十六进制', 'the digest in lower-case hex'),
];

const SAMPLE_JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyLCJleHAiOjE4OTM0NTYwMDB9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

const SPECS: Spec[] = [
  {
    name: 'IP 查询',
    name_en: 'ip',
    title_en: 'IP lookup',
    description:
      '返回调用方的公网 IP 地址、IP 版本以及请求携带的 User-Agent 和 Accept-Language，适合排查代理、NAT 和客户端标识问题。',
    description_en:
      "Returns the caller's public IP address and IP version, plus the User-Agent and Accept-Language the request carried. Handy for checking proxies, NAT and client identification.",
    params: [],
    data: [
      field('data.ip', 'string', '发起请求的 IP 地址', 'the IP address the request came from'),
      nullable(
        field(
          'data.version',
          'integer',
          '4 或 6（无法判断地址类型时为 null）',
          '4 or 6 (null if the address could not be classified)',
        ),
      ),
      field(
        'data.user_agent',
        'string',
        '请求的 User-Agent 请求头',
        'the User-Agent header of the request',
      ),
      nullable(
        field(
          'data.accept_language',
          'string',
          'Accept-Language 请求头，未携带时为 null',
          'the Accept-Language header, or null',
        ),
      ),
    ],
    example_params: {},
    example: {
      ip: '203.0.113.42',
      version: 4,
      user_agent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      accept_language: 'zh-CN,zh;q=0.9,en;q=0.8',
    },
    pinned: true,
  },
  {
    name: '当前时间',
    name_en: 'time',
    title_en: 'Current time',
    description:
      '获取服务器当前时间：ISO 8601、Unix 秒与毫秒时间戳，并可按指定 IANA 时区（如 Asia/Shanghai）输出当地时间和 UTC 偏移。',
    description_en:
      'The current time as ISO 8601 and Unix seconds and milliseconds, with the local time and UTC offset in any IANA time zone such as Asia/Shanghai.',
    params: [
      param(
        'tz',
        'string',
        false,
        'IANA 时区，如 Asia/Shanghai 或 Europe/London，默认 UTC',
        'IANA time zone, e.g. Asia/Shanghai or Europe/London; default UTC',
      ),
    ],
    data: [
      field(
        'data.timezone',
        'string',
        '实际使用的规范时区名称',
        'the canonical time zone name used',
      ),
      field('data.iso', 'string', 'ISO 8601 格式的时刻（UTC）', 'the instant in ISO 8601 (UTC)'),
      field('data.unix', 'integer', 'Unix 时间戳（秒）', 'Unix timestamp in seconds'),
      field('data.unix_ms', 'integer', 'Unix 时间戳（毫秒）', 'Unix timestamp in milliseconds'),
      field(
        'data.local',
        'string',
        '该时区的当地时间，格式为 YYYY-MM-DD HH:mm:ss',
        'local time in the zone, YYYY-MM-DD HH:mm:ss',
      ),
      field(
        'data.utc_offset',
        'string',
        '相对 UTC 的偏移，如 +08:00',
        'offset from UTC, e.g. +08:00',
      ),
      field('data.weekday', 'string', '该时区的星期几', 'day of the week in the zone'),
    ],
    example_params: { tz: 'Asia/Shanghai' },
    example: {
      timezone: 'Asia/Shanghai',
      iso: '2025-06-18T06:30:12.345Z',
      unix: 1750228212,
      unix_ms: 1750228212345,
      local: '2025-06-18 14:30:12',
      utc_offset: '+08:00',
      weekday: 'Wednesday',
    },
  },
  {
    name: '时间戳转换',
    name_en: 'timestamp',
    title_en: 'Timestamp converter',
    description:
      'Unix 时间戳与日期时间互相转换。自动识别秒级或毫秒级时间戳，也可输入“2025-01-31 08:30:00”这类日期时间，按指定时区解析和显示。',
    description_en:
      'Converts between Unix timestamps and dates. Seconds and milliseconds are detected automatically; a date-time such as "2025-01-31 08:30:00" is read in the given time zone.',
    params: [
      param(
        'value',
        'string',
        true,
        'Unix 时间戳（秒或毫秒），或 2025-01-31 08:30:00、2025-01-31T08:30:00+08:00 这类日期时间',
        'a Unix timestamp (seconds or milliseconds) or a date-time like 2025-01-31 08:30:00 or 2025-01-31T08:30:00+08:00',
      ),
      param(
        'tz',
        'string',
        false,
        '用于解析和显示当地时间的 IANA 时区，默认 UTC',
        'IANA time zone used to read and show local times; default UTC',
      ),
    ],
    data: [
      field('data.input', 'string', '传入的原始值', 'the value as sent'),
      field(
        'data.detected',
        'string',
        '识别出的输入类型：seconds、milliseconds 或 datetime',
        'seconds, milliseconds or datetime',
      ),
      field('data.timezone', 'string', '使用的时区', 'the time zone used'),
      field('data.iso', 'string', 'ISO 8601 格式的时刻（UTC）', 'the instant in ISO 8601 (UTC)'),
      field('data.unix', 'integer', 'Unix 时间戳（秒）', 'Unix timestamp in seconds'),
      field('data.unix_ms', 'integer', 'Unix 时间戳（毫秒）', 'Unix timestamp in milliseconds'),
      field('data.local', 'string', '该时区的当地时间', 'local time in the zone'),
      field(
        'data.utc_offset',
        'string',
        '该时刻相对 UTC 的偏移',
        'offset from UTC at that instant',
      ),
      field('data.weekday', 'string', '该时区的星期几', 'day of the week in the zone'),
    ],
    example_params: { value: '1735689600', tz: 'Asia/Shanghai' },
    example: {
      input: '1735689600',
      detected: 'seconds',
      timezone: 'Asia/Shanghai',
      iso: '2025-01-01T00:00:00.000Z',
      unix: 1735689600,
      unix_ms: 1735689600000,
      local: '2025-01-01 08:00:00',
      utc_offset: '+08:00',
      weekday: 'Wednesday',
    },
  },
  {
    name: '日期间隔计算',
    name_en: 'date-diff',
    title_en: 'Date difference',
    description:
      '计算两个日期之间相差的天数、周数、年月日跨度以及工作日（周一至周五）天数，适合计算工期、纪念日和倒计时。',
    description_en:
      'Days, weeks, the years-months-days span and the number of working days (Monday to Friday) between two dates. Useful for deadlines, anniversaries and countdowns.',
    params: [
      param('from', 'string', true, '开始日期，格式为 YYYY-MM-DD', 'start date, YYYY-MM-DD'),
      param('to', 'string', true, '结束日期，格式为 YYYY-MM-DD', 'end date, YYYY-MM-DD'),
    ],
    data: [
      field('data.from', 'string', '开始日期', 'start date'),
      field('data.to', 'string', '结束日期', 'end date'),
      field(
        'data.days',
        'integer',
        '从开始日期到结束日期的天数（结束日期较早时为负数）',
        'days from start to end (negative when end is earlier)',
      ),
      field('data.weeks', 'number', '天数除以 7，保留两位小数', 'days divided by 7, two decimals'),
      field(
        'data.span',
        'object',
        '两个日期之间相差的年、月、日',
        'years, months and days between the dates',
      ),
      field(
        'data.business_days',
        'integer',
        '从较早日期起到较晚日期（不含）为止的周一至周五天数',
        'Monday-to-Friday days from the earlier date up to (not including) the later one',
      ),
      field('data.from_weekday', 'string', '开始日期是星期几', 'day of the week of the start date'),
      field('data.to_weekday', 'string', '结束日期是星期几', 'day of the week of the end date'),
    ],
    example_params: { from: '2025-01-01', to: '2025-12-31' },
    example: {
      from: '2025-01-01',
      to: '2025-12-31',
      days: 364,
      weeks: 52,
      span: { years: 0, months: 11, days: 30 },
      business_days: 260,
      from_weekday: 'Wednesday',
      to_weekday: 'Wednesday',
    },
  },
  {
    name: '生肖星座查询',
    name_en: 'zodiac',
    title_en: 'Chinese zodiac and star sign',
    description: '输入出生日期，返回周岁年龄、生肖与干支纪年（按农历新年准确划分）以及西方星座。',
    description_en:
      'For a date of birth: the age in whole years, the Chinese zodiac animal and sexagenary year (split exactly at Chinese New Year) and the Western star sign.',
    params: [
      param(
        'date',
        'string',
        true,
        '出生日期，格式为 YYYY-MM-DD，范围 1900 至 2100 年',
        'date of birth, YYYY-MM-DD, between 1900 and 2100',
      ),
    ],
    data: [
      field('data.date', 'string', '出生日期', 'the date'),
      field('data.weekday', 'string', '星期几', 'day of the week'),
      nullable(
        field(
          'data.age',
          'integer',
          '截至今天的周岁年龄，日期在未来时为 null',
          'age in whole years today, or null for a future date',
        ),
      ),
      field(
        'data.chinese_zodiac',
        'object',
        '生肖信息：animal、animal_zh、lunar_year 和 ganzhi（干支纪年，如 乙亥）',
        'animal, animal_zh, lunar_year and ganzhi (e.g. 乙亥)',
      ),
      field(
        'data.zodiac_sign',
        'object',
        '西方星座的 name、name_zh、symbol 和 dates',
        'name, name_zh, symbol and dates of the Western sign',
      ),
    ],
    example_params: { date: '1995-08-15' },
    example: {
      date: '1995-08-15',
      weekday: 'Tuesday',
      age: 29,
      chinese_zodiac: { animal: 'Pig', animal_zh: '猪', lunar_year: 1995, ganzhi: '乙亥' },
      zodiac_sign: { name: 'Leo', name_zh: '狮子座', symbol: '♌', dates: 'Jul 23 – Aug 22' },
    },
  },
  {
    name: 'UUID 生成',
    name_en: 'uuid',
    title_en: 'UUID generator',
    description:
      '使用密码学安全的随机数生成 RFC 4122 第 4 版 UUID，单次最多 100 个，可直接用作数据库主键或请求 ID。',
    description_en:
      'Version 4 UUIDs (RFC 4122) from a cryptographically secure generator, up to 100 per call. Ready to use as database keys or request IDs.',
    params: [
      param(
        'count',
        'integer',
        false,
        '生成的 UUID 个数，1-100，默认 1',
        'how many UUIDs, 1-100; default 1',
      ),
    ],
    data: [
      field('data.count', 'integer', '实际生成的个数', 'how many were generated'),
      field(
        'data.uuids',
        'array',
        '生成的 UUID，小写并带连字符',
        'the UUIDs, lower-case with hyphens',
      ),
    ],
    example_params: { count: '3' },
    example: {
      count: 3,
      uuids: [
        '3f2b8c1e-9a4d-4e7b-b1c2-5d6e7f8a9b0c',
        'a91c7e52-04b3-4f1a-8d2e-6c5b4a392817',
        'e4d3c2b1-7a6f-4e5d-9c8b-0a1f2e3d4c5b',
      ],
    },
  },
  {
    name: '随机数生成',
    name_en: 'random',
    title_en: 'Random numbers',
    description:
      '在指定区间内生成均匀分布的随机整数，支持一次生成多个以及不重复抽取，适合抽奖、分组和测试数据。',
    description_en:
      'Uniformly distributed random integers in a range, several at once and optionally without repeats. Good for draws, grouping and test data.',
    params: [
      param(
        'min',
        'integer',
        false,
        '最小值，-1000000000 至 1000000000，默认 1',
        'smallest value, -1000000000 to 1000000000; default 1',
      ),
      param(
        'max',
        'integer',
        false,
        '最大值，-1000000000 至 1000000000，默认 100',
        'largest value, -1000000000 to 1000000000; default 100',
      ),
      param(
        'count',
        'integer',
        false,
        '生成的个数，1-100，默认 1',
        'how many numbers, 1-100; default 1',
      ),
      param(
        'unique',
        'boolean',
        false,
        '为 true 时结果不重复，默认 false',
        'true for no repeated numbers; default false',
      ),
    ],
    data: [
      field('data.min', 'integer', '实际使用的下限', 'the lower bound used'),
      field('data.max', 'integer', '实际使用的上限', 'the upper bound used'),
      field('data.unique', 'boolean', '是否排除了重复值', 'whether repeats were excluded'),
      field('data.numbers', 'array', '生成的随机整数', 'the random integers'),
    ],
    example_params: { min: '1', max: '49', count: '6', unique: 'true' },
    example: { min: 1, max: 49, unique: true, numbers: [7, 42, 19, 3, 28, 36] },
  },
  {
    name: '强密码生成',
    name_en: 'password',
    title_en: 'Strong password generator',
    description:
      '生成高强度随机密码，保证同时包含大小写字母、数字和（可选）符号，并剔除 0/O、1/l/I 等易混淆字符。',
    description_en:
      'Strong random passwords that always contain upper- and lower-case letters, digits and, optionally, symbols. Look-alike characters such as 0/O and 1/l/I are left out.',
    params: [
      param(
        'length',
        'integer',
        false,
        '密码长度，6-128，默认 16',
        'password length, 6-128; default 16',
      ),
      param(
        'count',
        'integer',
        false,
        '生成的密码个数，1-20，默认 1',
        'how many passwords, 1-20; default 1',
      ),
      param(
        'symbols',
        'boolean',
        false,
        '是否包含 !@#$ 等符号，默认 true',
        'include symbols such as !@#$; default true',
      ),
    ],
    data: [
      field('data.length', 'integer', '每个密码的长度', 'length of each password'),
      field('data.symbols', 'boolean', '是否包含符号', 'whether symbols were included'),
      field('data.passwords', 'array', '生成的密码', 'the generated passwords'),
    ],
    example_params: { length: '20', count: '2', symbols: 'true' },
    example: {
      length: 20,
      symbols: true,
      passwords: ['r7#Kq2v!Xm9[TzE4hW@p', 'Gd8$wN3f}Yb6eR^s2JcA'],
    },
    price_milli: 2,
  },
  {
    name: '掷骰子',
    name_en: 'dice',
    title_en: 'Dice roller',
    description:
      '模拟投掷任意面数的骰子，一次最多 100 个，返回每个骰子的点数和总点数，适合桌游和概率演示。',
    description_en:
      'Rolls dice with any number of sides, up to 100 at once, and returns each roll and the total. For board games and probability demos.',
    params: [
      param(
        'sides',
        'integer',
        false,
        '每个骰子的面数，2-100，默认 6',
        'sides per die, 2-100; default 6',
      ),
      param(
        'count',
        'integer',
        false,
        '骰子个数，1-100，默认 1',
        'number of dice, 1-100; default 1',
      ),
    ],
    data: [
      field('data.sides', 'integer', '每个骰子的面数', 'sides per die'),
      field('data.rolls', 'array', '每个骰子的点数', 'the result of each die'),
      field('data.total', 'integer', '所有骰子的总点数', 'the sum of all rolls'),
    ],
    example_params: { sides: '6', count: '3' },
    example: { sides: 6, rolls: [4, 1, 6], total: 11 },
  },
  {
    name: '抛硬币',
    name_en: 'coin',
    title_en: 'Coin flip',
    description: '公平地抛掷硬币，一次最多 100 枚，返回每次结果以及正反面次数统计。',
    description_en:
      'Fair coin flips, up to 100 at once, with each result and the heads and tails counts.',
    params: [
      param(
        'count',
        'integer',
        false,
        '抛掷次数，1-100，默认 1',
        'number of flips, 1-100; default 1',
      ),
    ],
    data: [
      field('data.flips', 'array', '每次的结果：heads 或 tails', 'heads or tails for each flip'),
      field('data.heads', 'integer', '正面（heads）次数', 'number of heads'),
      field('data.tails', 'integer', '反面（tails）次数', 'number of tails'),
    ],
    example_params: { count: '5' },
    example: { flips: ['heads', 'tails', 'tails', 'heads', 'heads'], heads: 3, tails: 2 },
    disabled: true,
  },
  {
    name: '随机姓名',
    name_en: 'name',
    title_en: 'Random names',
    description: '随机生成中文或英文姓名，可指定性别，用于填充测试数据和界面原型。',
    description_en:
      'Random Chinese or English personal names, optionally of one gender, for test data and mock-ups.',
    params: [
      param(
        'lang',
        'string',
        false,
        '语言：en（英文）或 zh（中文），默认 en',
        'en or zh; default en',
        oneOf('en', 'zh'),
      ),
      param(
        'gender',
        'string',
        false,
        '性别：male、female 或 any，默认 any',
        'male, female or any; default any',
        {
          enum: ['male', 'female', 'any'],
          default: 'any',
        },
      ),
      param(
        'count',
        'integer',
        false,
        '生成的姓名个数，1-20，默认 1',
        'how many names, 1-20; default 1',
      ),
    ],
    data: [
      field('data.lang', 'string', '使用的语言', 'the language used'),
      field('data.names', 'array', '由 name 和 gender 组成的对象', 'objects with name and gender'),
    ],
    example_params: { lang: 'zh', count: '3' },
    example: {
      lang: 'zh',
      names: [
        { name: '王思琪', gender: 'female' },
        { name: '陈浩', gender: 'male' },
        { name: '林雨涵', gender: 'female' },
      ],
    },
  },
  {
    name: 'Lorem Ipsum 占位文本',
    name_en: 'lorem',
    title_en: 'Lorem ipsum placeholder text',
    description:
      '生成经典的 Lorem Ipsum 拉丁占位文本，按段落数输出，适合排版和界面设计时填充内容。',
    description_en:
      'Classic Lorem Ipsum placeholder text by the paragraph, for layouts and design mock-ups.',
    params: [
      param(
        'paragraphs',
        'integer',
        false,
        '段落数，1-10，默认 3',
        'number of paragraphs, 1-10; default 3',
      ),
    ],
    data: [
      field('data.paragraphs', 'array', '各段落，每段一个字符串', 'each paragraph as a string'),
      field(
        'data.text',
        'string',
        '以空行分隔的全部段落',
        'all paragraphs separated by blank lines',
      ),
    ],
    example_params: { paragraphs: '1' },
    example: {
      paragraphs: [
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna. Ut enim ad minim veniam quis nostrud exercitation. Duis aute irure dolor in reprehenderit in voluptate velit.',
      ],
      text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna. Ut enim ad minim veniam quis nostrud exercitation. Duis aute irure dolor in reprehenderit in voluptate velit.',
    },
  },
  {
    name: '哈希计算',
    name_en: 'hash',
    title_en: 'Hash calculator',
    description:
      '计算文本的 MD5、SHA-1、SHA-256 或 SHA-512 摘要（UTF-8 编码，十六进制小写输出），常用于校验和签名调试。',
    description_en:
      'MD5, SHA-1, SHA-256 or SHA-512 digest of a text (UTF-8), as lower-case hex. For checksums and debugging signatures.',
    params: [
      param(
        'text',
        'string',
        true,
        '要计算摘要的文本，最多 100000 个字符',
        'the text to hash, up to 100000 characters',
      ),
      HASH_ALGO,
    ],
    data: [...HASH_FIELDS],
    example_params: { text: 'hello world', algo: 'sha256' },
    example: {
      algo: 'sha256',
      hash: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    },
    pinned: true,
  },
  {
    name: '文件哈希',
    name_en: 'file-hash',
    title_en: 'File hash',
    description:
      '上传一个文件（multipart/form-data），返回它的文件名、字节数以及 MD5、SHA-1、SHA-256 或 SHA-512 摘要，用于校验下载或发布的文件。',
    description_en:
      'Upload a file (multipart/form-data) and get its name, size in bytes and MD5, SHA-1, SHA-256 or SHA-512 digest, to check a download or a release.',
    method: 'POST',
    format: 'multipart/form-data',
    params: [
      param(
        'file',
        'file',
        true,
        '要计算摘要的文件，作为 multipart 表单的文件部分上传',
        'the file to hash, uploaded as a file part of the multipart form',
      ),
      HASH_ALGO,
    ],
    data: [
      field('data.name', 'string', '上传时的文件名', 'the file name as uploaded'),
      field('data.size', 'integer', '文件大小（字节）', 'the size in bytes'),
      ...HASH_FIELDS,
    ],
    example_params: { file: 'example.txt', algo: 'sha256' },
    // A file holding the line "Portico example file".
    example: {
      name: 'example.txt',
      size: 21,
      algo: 'sha256',
      hash: 'e8dfe1039381b5c26f3ce690ade3ca4aeac7820e03314767908932716c8fe331',
    },
  },
  {
    name: 'Base64 编解码',
    name_en: 'base64',
    title_en: 'Base64 encode and decode',
    description:
      '将文本进行 Base64 编码，或把 Base64（兼容 URL 安全字母表和换行）解码为 UTF-8 文本，非法输入会返回明确的错误信息。',
    description_en:
      'Encodes text as Base64, or decodes Base64 (URL-safe alphabet and line breaks accepted) back to UTF-8 text, with a clear error for invalid input.',
    params: [
      param(
        'action',
        'string',
        false,
        '操作：encode（编码）或 decode（解码），默认 encode',
        'encode or decode; default encode',
        oneOf('encode', 'decode'),
      ),
      param(
        'text',
        'string',
        true,
        '要编码的文本或要解码的 Base64，最多 100000 个字符',
        'the text to encode or the Base64 to decode, up to 100000 characters',
      ),
    ],
    data: [
      field('data.action', 'string', '执行的操作', 'the action performed'),
      field('data.result', 'string', '编码或解码后的文本', 'the encoded or decoded text'),
    ],
    example_params: { action: 'encode', text: 'Hello, Portico!' },
    example: { action: 'encode', result: 'SGVsbG8sIFBvcnRpY28h' },
  },
  {
    name: 'URL 编解码',
    name_en: 'urlencode',
    title_en: 'URL encode and decode',
    description:
      '对文本做 URL 百分号编码（encodeURIComponent），或将百分号编码还原为原文，常用于拼接查询参数。',
    description_en:
      'Percent-encodes text as encodeURIComponent does, or decodes percent-encoding back to text. Useful when building query strings.',
    params: [
      param(
        'action',
        'string',
        false,
        '操作：encode（编码）或 decode（解码），默认 encode',
        'encode or decode; default encode',
        oneOf('encode', 'decode'),
      ),
      param(
        'text',
        'string',
        true,
        '要编码或解码的文本，最多 100000 个字符',
        'the text to encode or decode, up to 100000 characters',
      ),
    ],
    data: [
      field('data.action', 'string', '执行的操作', 'the action performed'),
      field('data.result', 'string', '编码或解码后的文本', 'the encoded or decoded text'),
    ],
    example_params: { action: 'encode', text: '张三 & 李四' },
    example: { action: 'encode', result: '%E5%BC%A0%E4%B8%89%20%26%20%E6%9D%8E%E5%9B%9B' },
  },
  {
    name: 'HTML 转义',
    name_en: 'html-escape',
    title_en: 'HTML escape',
    description:
      '转义 HTML 特殊字符（& < > " \'）以防止 XSS，或把 &amp;、&#39;、&#x1F600; 等实体还原为字符。',
    description_en:
      'Escapes the HTML special characters & < > " \' to prevent XSS, or turns entities such as &amp;, &#39; and &#x1F600; back into characters.',
    params: [
      param(
        'action',
        'string',
        false,
        '操作：escape（转义）或 unescape（还原），默认 escape',
        'escape or unescape; default escape',
        oneOf('escape', 'unescape'),
      ),
      param(
        'text',
        'string',
        true,
        '要转换的文本，最多 100000 个字符',
        'the text to convert, up to 100000 characters',
      ),
    ],
    data: [
      field('data.action', 'string', '执行的操作', 'the action performed'),
      field('data.result', 'string', '转换后的文本', 'the converted text'),
    ],
    example_params: { action: 'escape', text: '<b>Tom & Jerry</b>' },
    example: { action: 'escape', result: '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;' },
  },
  {
    name: '十六进制编解码',
    name_en: 'hex',
    title_en: 'Hex encode and decode',
    description:
      '把文本的 UTF-8 字节转换为十六进制字符串，或把十六进制（可带 0x 前缀和空格）还原为文本。',
    description_en:
      'Turns the UTF-8 bytes of a text into hex, or hex (0x prefix and spaces allowed) back into text.',
    params: [
      param(
        'action',
        'string',
        false,
        '操作：encode（编码）或 decode（解码），默认 encode',
        'encode or decode; default encode',
        oneOf('encode', 'decode'),
      ),
      param(
        'text',
        'string',
        true,
        '文本或十六进制数字，最多 100000 个字符',
        'the text or hex digits, up to 100000 characters',
      ),
    ],
    data: [
      field('data.action', 'string', '执行的操作', 'the action performed'),
      field(
        'data.result',
        'string',
        '十六进制数字或解码后的文本',
        'the hex digits or the decoded text',
      ),
    ],
    example_params: { action: 'encode', text: 'Portico' },
    example: { action: 'encode', result: '506f727469636f' },
  },
  {
    name: 'CRC32 校验',
    name_en: 'crc32',
    title_en: 'CRC32 checksum',
    description:
      '计算文本 UTF-8 字节的 CRC-32 校验值（与 zip、PNG 所用算法相同），同时返回十六进制和十进制结果。',
    description_en:
      'The CRC-32 checksum (the one used by zip and PNG) of the UTF-8 bytes of a text, in hex and decimal.',
    params: [
      param(
        'text',
        'string',
        true,
        '文本，最多 100000 个字符',
        'the text, up to 100000 characters',
      ),
    ],
    data: [
      field('data.crc32', 'string', '校验值，8 位十六进制', 'the checksum as 8 hex digits'),
      field('data.decimal', 'integer', '校验值，无符号整数', 'the checksum as an unsigned integer'),
    ],
    example_params: { text: 'Portico' },
    example: { crc32: 'f48fbb20', decimal: 4103060256 },
  },
  {
    name: 'JWT 解析',
    name_en: 'jwt-decode',
    title_en: 'JWT decoder',
    description:
      '解析 JWT 的头部和载荷，换算 iat、nbf、exp 等时间声明并判断是否过期。仅解码、不校验签名，请勿据此做鉴权。',
    description_en:
      'Decodes the header and payload of a JWT, converts the iat, nbf and exp claims to dates and tells whether it has expired. Decoding only: the signature is not verified, so never use this for authorisation.',
    params: [
      param(
        'token',
        'string',
        true,
        'JWT，可带或不带 "Bearer " 前缀',
        'the JWT, with or without a "Bearer " prefix',
      ),
    ],
    data: [
      field('data.header', 'object', '解码后的头部', 'the decoded header'),
      field('data.payload', 'object', '解码后的载荷', 'the decoded payload'),
      field('data.signature', 'string', '签名部分，原样返回', 'the signature segment, as sent'),
      nullable(
        field(
          'data.issued_at',
          'string',
          'iat 对应的 ISO 8601 时间，没有时为 null',
          'iat as ISO 8601, or null',
        ),
      ),
      nullable(
        field(
          'data.not_before',
          'string',
          'nbf 对应的 ISO 8601 时间，没有时为 null',
          'nbf as ISO 8601, or null',
        ),
      ),
      nullable(
        field(
          'data.expires_at',
          'string',
          'exp 对应的 ISO 8601 时间，没有时为 null',
          'exp as ISO 8601, or null',
        ),
      ),
      nullable(
        field(
          'data.expired',
          'boolean',
          '是否已超过 exp，没有 exp 时为 null',
          'whether exp has passed, or null without exp',
        ),
      ),
      field(
        'data.verified',
        'boolean',
        '始终为 false：不校验签名',
        'always false: the signature is not checked',
      ),
    ],
    example_params: { token: SAMPLE_JWT },
    example: {
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022, exp: 1893456000 },
      signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      issued_at: '2018-01-18T01:30:22.000Z',
      not_before: null,
      expires_at: '2030-01-01T00:00:00.000Z',
      expired: false,
      verified: false,
    },
    price_milli: 2,
  },
  {
    name: 'JSON 格式化校验',
    name_en: 'json-format',
    title_en: 'JSON formatter and validator',
    description:
      '校验 JSON 是否合法并格式化输出，支持自定义缩进和按键名排序，同时给出压缩后的结果。可用 json 参数传入，也可直接把 JSON 作为请求体 POST。',
    description_en:
      'Validates JSON and pretty-prints it with the indent you choose, optionally with sorted keys, and also returns it minified. Send it in the json parameter or POST the document itself as the request body.',
    method: 'POST',
    params: [
      param(
        'json',
        'string',
        true,
        'JSON 文本，最多 100000 个字符（也可直接把 JSON 作为请求体发送）',
        'the JSON text, up to 100000 characters (or send the document as the request body)',
      ),
      param(
        'indent',
        'integer',
        false,
        '每级缩进的空格数，0-8，默认 2',
        'spaces per level, 0-8; default 2',
      ),
      param(
        'sort_keys',
        'boolean',
        false,
        '是否按字母顺序排列对象的键，默认 false',
        'sort object keys alphabetically; default false',
      ),
    ],
    data: [
      field('data.valid', 'boolean', '文本是否为合法的 JSON', 'whether the text is valid JSON'),
      field(
        'data.error',
        'string',
        '解析错误信息（仅在 valid 为 false 时返回）',
        'the parse error (only when valid is false)',
      ),
      field(
        'data.type',
        'string',
        '顶层值的类型：object、array、string、number、boolean 或 null',
        'object, array, string, number, boolean or null',
      ),
      field('data.formatted', 'string', '格式化后的 JSON', 'the pretty-printed JSON'),
      field('data.minified', 'string', '去除空白后的 JSON', 'the JSON without whitespace'),
      field('data.size', 'integer', '压缩后 JSON 的字节数', 'bytes of the minified JSON'),
    ],
    example_params: {
      json: '{"name":"Portico","tags":["api","gateway"],"free":true}',
      indent: '2',
    },
    example: {
      valid: true,
      type: 'object',
      formatted:
        '{\n  "name": "Portico",\n  "tags": [\n    "api",\n    "gateway"\n  ],\n  "free": true\n}',
      minified: '{"name":"Portico","tags":["api","gateway"],"free":true}',
      size: 55,
    },
  },
  {
    name: '正则表达式测试',
    name_en: 'regex-test',
    title_en: 'Regular expression tester',
    description:
      '用正则表达式（JavaScript 语法）匹配文本，返回每个匹配的位置、捕获组和命名分组。由线性时间的 RE2 引擎执行，任何表达式都不会灾难性回溯；因此不支持反向引用和前瞻、后顾断言；带 m 标志时 ^ 和 $ 只把 \\n 视为换行。',
    description_en:
      'Runs a regular expression in JavaScript syntax against a text and returns every match with its index, capture groups and named groups. The linear-time RE2 engine does the matching, so no pattern can backtrack catastrophically; backreferences, lookahead and lookbehind are therefore not supported, and with m only \\n counts as a line break for ^ and $.',
    params: [
      param(
        'pattern',
        'string',
        true,
        '正则表达式（不带首尾斜杠），最多 200 个字符，不能使用反向引用和前瞻、后顾断言',
        'the regular expression without slashes, up to 200 characters, without backreferences or lookaround',
      ),
      param(
        'flags',
        'string',
        false,
        'd、g、i、m、s、u、y 的任意组合；不带 g 时只返回第一个匹配；匹配总是按完整码点进行，与带 u 时相同',
        'any of d, g, i, m, s, u, y; without g only the first match is returned; matching always goes by whole code points, as with u',
      ),
      param(
        'text',
        'string',
        true,
        '要搜索的文本，最多 10000 个字符；表达式较复杂时上限更低，错误信息会给出具体数量',
        'the text to search, up to 10000 characters; a complex pattern allows fewer, and the error says how many',
      ),
    ],
    data: [
      field('data.pattern', 'string', '使用的正则表达式', 'the pattern used'),
      field('data.flags', 'string', '使用的标志', 'the flags used'),
      field('data.matched', 'boolean', '是否有匹配', 'whether anything matched'),
      field(
        'data.count',
        'integer',
        '返回的匹配个数（最多 100 个）',
        'number of matches returned (at most 100)',
      ),
      field(
        'data.matches',
        'array',
        '由 match、index、groups 和 named_groups 组成的对象',
        'objects with match, index, groups and named_groups',
      ),
      field(
        'data.truncated',
        'boolean',
        '列表提前结束时为 true：已达 100 个匹配、捕获内容超过 1000 个字符，或对长文本的全局搜索达到工作量上限',
        'true when the list stops early: after 100 matches, on captures over 1000 characters, or where a global search of a long text reaches its work limit',
      ),
    ],
    example_params: { pattern: '\\d+', flags: 'g', text: 'Order 42 shipped on day 17' },
    example: {
      pattern: '\\d+',
      flags: 'g',
      matched: true,
      count: 2,
      matches: [
        { match: '42', index: 6, groups: [], named_groups: null },
        { match: '17', index: 24, groups: [], named_groups: null },
      ],
      truncated: false,
    },
    price_milli: 10,
  },
  {
    name: 'User-Agent 解析',
    name_en: 'user-agent',
    title_en: 'User-Agent parser',
    description:
      '解析 User-Agent 字符串，识别浏览器（含微信、QQ 浏览器等）、操作系统（含鸿蒙）、设备类型以及是否为爬虫。不传参数时解析本次请求自身的 UA。',
    description_en:
      'Parses a User-Agent string into browser (WeChat and QQ Browser included), operating system (HarmonyOS included), device type and whether it is a bot. Without a parameter it parses the User-Agent of the request itself.',
    params: [
      param(
        'ua',
        'string',
        false,
        '要解析的 User-Agent，最多 1000 个字符，默认为本次请求自身的 User-Agent',
        "the User-Agent to parse, up to 1000 characters; default the request's own",
      ),
    ],
    data: [
      field('data.ua', 'string', '解析的 User-Agent', 'the User-Agent parsed'),
      field('data.browser', 'object', '名称（name）和版本（version）', 'name and version'),
      field('data.os', 'object', '名称（name）和版本（version）', 'name and version'),
      field(
        'data.device',
        'string',
        '设备类型：desktop、mobile、tablet 或 bot',
        'desktop, mobile, tablet or bot',
      ),
      field(
        'data.is_bot',
        'boolean',
        '是否像爬虫或脚本',
        'whether it looks like a crawler or script',
      ),
    ],
    example_params: {
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    },
    example: {
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      browser: { name: 'Safari', version: '17.4' },
      os: { name: 'iOS', version: '17.4' },
      device: 'mobile',
      is_bot: false,
    },
    price_milli: 1,
  },
  {
    name: '颜色格式转换',
    name_en: 'color',
    title_en: 'Colour converter',
    description:
      '在 HEX、RGB、HSL 和常见 CSS 颜色名之间转换，并给出相对亮度和在该底色上更易读的文字颜色（黑或白）。',
    description_en:
      'Converts between HEX, RGB, HSL and common CSS colour names, with the relative luminance and the more readable text colour (black or white) on top of it.',
    params: [
      param(
        'color',
        'string',
        true,
        '颜色，如 #409eff、409eff、rgb(64, 158, 255)、hsl(210, 100%, 63%) 或 navy',
        'e.g. #409eff, 409eff, rgb(64, 158, 255), hsl(210, 100%, 63%) or navy',
      ),
    ],
    data: [
      field('data.hex', 'string', '#rrggbb 格式的颜色', 'the colour as #rrggbb'),
      field('data.rgb', 'object', 'r、g、b 分量，0-255', 'r, g and b, 0-255'),
      field('data.hsl', 'object', 'h（0-359）、s 和 l（0-100）', 'h (0-359), s and l (0-100)'),
      field('data.css', 'object', 'rgb() 和 hsl() 写法', 'rgb() and hsl() notations'),
      field('data.luminance', 'number', 'WCAG 相对亮度，0-1', 'WCAG relative luminance, 0-1'),
      field(
        'data.text_color',
        'string',
        '#000000 或 #ffffff，取对比度更高的一个',
        '#000000 or #ffffff, whichever contrasts more',
      ),
    ],
    example_params: { color: '#409eff' },
    example: {
      hex: '#409eff',
      rgb: { r: 64, g: 158, b: 255 },
      hsl: { h: 210, s: 100, l: 63 },
      css: { rgb: 'rgb(64, 158, 255)', hsl: 'hsl(210, 100%, 63%)' },
      luminance: 0.3276,
      text_color: '#000000',
    },
  },
  {
    name: 'URL Slug 生成',
    name_en: 'slugify',
    title_en: 'URL slug generator',
    description:
      '把标题转换为适合放进网址的 slug：去除重音符号、转小写、用连字符或下划线连接单词。仅保留 ASCII 字母和数字。',
    description_en:
      'Turns a title into a URL slug: accents removed, lower case, words joined by hyphens or underscores. Only ASCII letters and digits are kept.',
    params: [
      param('text', 'string', true, '文本，最多 1000 个字符', 'the text, up to 1000 characters'),
      param(
        'separator',
        'string',
        false,
        '分隔符：- 或 _，默认 -',
        '- or _; default -',
        oneOf('-', '_'),
      ),
    ],
    data: [
      field(
        'data.slug',
        'string',
        '生成的 slug（文本不含拉丁字母或数字时为空）',
        'the slug (empty if the text has no Latin letters or digits)',
      ),
    ],
    example_params: { text: 'Hello World: Ünïcode & APIs!' },
    example: { slug: 'hello-world-unicode-and-apis' },
  },
  {
    name: '命名风格转换',
    name_en: 'case-convert',
    title_en: 'Naming case converter',
    description:
      '在驼峰、帕斯卡、蛇形、短横线、常量等命名风格以及大写、小写、标题、句子格式之间转换，能正确拆分 XMLHttpRequest 这类缩写。',
    description_en:
      'Converts text between camelCase, PascalCase, snake_case, kebab-case, CONSTANT_CASE and upper, lower, title and sentence case, splitting acronyms like XMLHttpRequest correctly.',
    params: [
      param('text', 'string', true, '文本，最多 10000 个字符', 'the text, up to 10000 characters'),
      param(
        'to',
        'string',
        true,
        '目标风格：upper、lower、title、sentence、camel、pascal、snake、kebab 或 constant',
        'upper, lower, title, sentence, camel, pascal, snake, kebab or constant',
        { enum: [...CASES] },
      ),
    ],
    data: [
      field('data.to', 'string', '转换的目标风格', 'the style converted to'),
      field('data.result', 'string', '转换后的文本', 'the converted text'),
    ],
    example_params: { text: 'user profile id', to: 'camel' },
    example: { to: 'camel', result: 'userProfileId' },
  },
  {
    name: '字数统计',
    name_en: 'text-stats',
    title_en: 'Word count',
    description:
      '统计文本的字符数、字节数、词数（中文按字计）、汉字数、行数、段落数、句子数，并估算阅读时间。',
    description_en:
      'Counts characters, bytes, words (each Chinese character counts as one), CJK characters, lines, paragraphs and sentences, and estimates the reading time.',
    params: [
      param(
        'text',
        'string',
        true,
        '文本，最多 100000 个字符',
        'the text, up to 100000 characters',
      ),
    ],
    data: [
      field(
        'data.characters',
        'integer',
        '字符数（按 Unicode 码点计）',
        'characters (Unicode code points)',
      ),
      field(
        'data.characters_no_spaces',
        'integer',
        '不含空白的字符数',
        'characters other than whitespace',
      ),
      field('data.bytes_utf8', 'integer', 'UTF-8 编码的字节数', 'size in UTF-8 bytes'),
      field('data.words', 'integer', '词数与 CJK 字符数之和', 'words plus CJK characters'),
      field('data.cjk_characters', 'integer', '汉字数', 'Chinese characters'),
      field('data.lines', 'integer', '行数', 'lines'),
      field('data.paragraphs', 'integer', '以空行分隔的段落数', 'blocks separated by blank lines'),
      field('data.sentences', 'integer', '句子数', 'sentences'),
      field('data.reading_time_seconds', 'integer', '预计阅读时间', 'estimated reading time'),
    ],
    example_params: { text: 'Portico makes APIs easy. 接口调用很简单！' },
    example: {
      characters: 33,
      characters_no_spaces: 29,
      bytes_utf8: 49,
      words: 11,
      cjk_characters: 7,
      lines: 1,
      paragraphs: 1,
      sentences: 2,
      reading_time_seconds: 3,
    },
  },
  {
    name: '文本差异对比',
    name_en: 'text-diff',
    title_en: 'Text diff',
    description:
      '比较两段文本：给出字符级编辑距离和相似度，以及逐行对比后新增、删除和未改动的行数，适合查重和版本比对。',
    description_en:
      'Compares two texts: the character edit distance and similarity, and how many lines were added, removed or left unchanged. For duplicate checks and version comparison.',
    method: 'POST',
    params: [
      param(
        'a',
        'string',
        true,
        '原文本，最多 3000 个字符',
        'the original text, up to 3000 characters',
      ),
      param(
        'b',
        'string',
        true,
        '修改后的文本，最多 3000 个字符',
        'the changed text, up to 3000 characters',
      ),
    ],
    data: [
      field(
        'data.identical',
        'boolean',
        '两段文本是否完全相同',
        'whether the texts are exactly equal',
      ),
      field(
        'data.distance',
        'integer',
        '以字符计的 Levenshtein 编辑距离',
        'Levenshtein distance in characters',
      ),
      field(
        'data.similarity',
        'number',
        '1 - distance / 较长文本的长度，保留四位小数',
        '1 - distance / longer length, four decimals',
      ),
      field(
        'data.lines',
        'object',
        '未改动（unchanged）、删除（removed）和新增（added）的行数',
        'unchanged, removed and added line counts',
      ),
    ],
    example_params: { a: 'apple\nbanana\ncherry', b: 'apple\nblueberry\ncherry\ndate' },
    example: {
      identical: false,
      distance: 13,
      similarity: 0.5185,
      lines: { unchanged: 2, removed: 1, added: 2 },
    },
    price_milli: 10,
  },
  {
    name: '罗马数字转换',
    name_en: 'roman',
    title_en: 'Roman numerals',
    description:
      '阿拉伯数字与罗马数字双向转换，范围 1 至 3999，只接受标准写法（如 IV 而非 IIII）。',
    description_en:
      'Converts between Arabic and Roman numerals from 1 to 3999 in either direction. Only the standard spelling is accepted (IV, not IIII).',
    params: [
      param(
        'value',
        'string',
        true,
        '1 至 3999 之间的数字，或 MMXXV 这样的罗马数字',
        'a number from 1 to 3999 or a Roman numeral such as MMXXV',
      ),
    ],
    data: [
      field('data.arabic', 'integer', '阿拉伯数字形式的值', 'the value as a number'),
      field('data.roman', 'string', '罗马数字形式的值', 'the value in Roman numerals'),
    ],
    example_params: { value: '2025' },
    example: { arabic: 2025, roman: 'MMXXV' },
  },
  {
    name: '数字转英文',
    name_en: 'number-words',
    title_en: 'Numbers to English words',
    description:
      '把整数转换为英文单词写法（如 one million two hundred thirty-four thousand…），支持负数，最大到千万亿以内。',
    description_en:
      'Writes an integer out in English words ("one million two hundred thirty-four thousand..."), negatives included, up to 999 trillion.',
    params: [
      param(
        'number',
        'integer',
        true,
        '-999999999999999 至 999999999999999 之间的整数',
        'an integer between -999999999999999 and 999999999999999',
      ),
    ],
    data: [
      field('data.number', 'integer', '输入的数字', 'the number'),
      field('data.words', 'string', '数字的英文单词写法', 'the number in English words'),
    ],
    example_params: { number: '1234567' },
    example: {
      number: 1234567,
      words: 'one million two hundred thirty-four thousand five hundred sixty-seven',
    },
  },
  {
    name: '人民币大写',
    name_en: 'rmb-upper',
    title_en: 'RMB amount in Chinese capitals',
    description:
      '将金额转换为符合票据填写规范的人民币大写（如 壹仟贰佰叁拾肆元伍角陆分），正确处理“零”和“整”，适用于发票、合同和报销单。',
    description_en:
      'Writes an amount in the Chinese financial numerals used on cheques and invoices (e.g. 壹仟贰佰叁拾肆元伍角陆分), with the rules for 零 and 整 applied.',
    params: [
      param(
        'amount',
        'number',
        true,
        '金额（元），0 至 999999999999.99，最多两位小数',
        'amount in yuan, 0 to 999999999999.99, at most two decimals',
      ),
    ],
    data: [
      field('data.amount', 'string', '保留两位小数的金额', 'the amount with two decimals'),
      field('data.upper', 'string', '人民币大写金额', 'the amount in Chinese financial numerals'),
    ],
    example_params: { amount: '1234.56' },
    example: { amount: '1234.56', upper: '壹仟贰佰叁拾肆元伍角陆分' },
    price_milli: 1,
    pinned: true,
  },
  {
    name: '单位换算',
    name_en: 'unit-convert',
    title_en: 'Unit converter',
    description: '长度、重量和温度单位换算，支持公制、英制以及市制单位（里、丈、尺、寸、斤、两）。',
    description_en:
      'Converts length, weight and temperature, with metric, imperial and traditional Chinese units (li, zhang, chi, cun, jin, liang).',
    params: [
      param('value', 'number', true, '要换算的数值', 'the value to convert'),
      param(
        'from',
        'string',
        true,
        '单位：mm、cm、m、km、in、ft、yd、mi、nmi、cun、chi、zhang、li、mg、g、kg、t、oz、lb、st、liang、jin、c、f 或 k',
        'unit: mm, cm, m, km, in, ft, yd, mi, nmi, cun, chi, zhang, li, mg, g, kg, t, oz, lb, st, liang, jin, c, f or k',
      ),
      param(
        'to',
        'string',
        true,
        '目标单位，须与 from 属于同一类',
        'unit of the same kind as from',
      ),
    ],
    data: [
      field(
        'data.category',
        'string',
        '类别：length（长度）、weight（重量）或 temperature（温度）',
        'length, weight or temperature',
      ),
      field('data.value', 'number', '被换算的数值', 'the value converted'),
      field('data.from', 'string', '源单位', 'the source unit'),
      field('data.to', 'string', '目标单位', 'the target unit'),
      field(
        'data.result',
        'number',
        '换算结果，保留 12 位有效数字',
        'the converted value, 12 significant digits',
      ),
    ],
    example_params: { value: '100', from: 'km', to: 'mi' },
    example: { category: 'length', value: 100, from: 'km', to: 'mi', result: 62.1371192237 },
  },
  {
    name: '质数判断与分解',
    name_en: 'prime',
    title_en: 'Prime test and factorisation',
    description: '判断一个正整数（最大 10^12）是否为质数，并给出完整的质因数分解。',
    description_en:
      'Tells whether a positive integer up to 10^12 is prime and gives its prime factorisation.',
    params: [
      param(
        'number',
        'integer',
        true,
        '1 至 1000000000000 之间的整数',
        'an integer from 1 to 1000000000000',
      ),
    ],
    data: [
      field('data.number', 'integer', '输入的数字', 'the number'),
      field('data.is_prime', 'boolean', '是否为质数', 'whether it is prime'),
      field(
        'data.factors',
        'array',
        '按升序排列的质因数，重复的因数会重复列出',
        'prime factors in ascending order, with repeats',
      ),
      field(
        'data.factorization',
        'string',
        '质因数分解式，如 2^3 × 5',
        'the factorisation, e.g. 2^3 × 5',
      ),
    ],
    example_params: { number: '1001' },
    example: { number: 1001, is_prime: false, factors: [7, 11, 13], factorization: '7 × 11 × 13' },
    price_milli: 20,
  },
  {
    name: '银行卡号校验',
    name_en: 'luhn',
    title_en: 'Bank card number check (Luhn)',
    description:
      '用 Luhn 算法校验银行卡号等号码是否有效，计算正确的校验位，并识别 Visa、Mastercard、银联等卡组织。',
    description_en:
      'Checks a card number (or any Luhn-protected number) with the Luhn algorithm, computes the correct check digit and recognises the card network: Visa, Mastercard, UnionPay and more.',
    params: [
      param(
        'number',
        'string',
        true,
        '号码数字，空格和短横线会被忽略',
        'the digits; spaces and dashes are ignored',
      ),
    ],
    data: [
      field('data.number', 'string', '参与校验的数字', 'the digits checked'),
      field(
        'data.valid',
        'boolean',
        '号码是否通过 Luhn 校验',
        'whether the number passes the Luhn check',
      ),
      field(
        'data.check_digit',
        'integer',
        '能使号码有效的末位校验位',
        'the last digit that would make the number valid',
      ),
      nullable(
        field('data.brand', 'string', '卡组织，无法识别时为 null', 'the card network, or null'),
      ),
    ],
    example_params: { number: '4111 1111 1111 1111' },
    example: { number: '4111111111111111', valid: true, check_digit: 1, brand: 'Visa' },
  },
  {
    name: '邮箱格式校验',
    name_en: 'email-check',
    title_en: 'Email address check',
    description:
      '按 RFC 规则校验邮箱地址格式并说明不合法的原因，支持中文等国际化域名（自动转换为 Punycode）。不做 DNS 查询。',
    description_en:
      'Checks the syntax of an e-mail address by the RFC rules and says why it is invalid. Internationalised domains are converted to Punycode. No DNS lookup is made.',
    params: [
      param(
        'email',
        'string',
        true,
        '邮箱地址，最多 320 个字符',
        'the address, up to 320 characters',
      ),
    ],
    data: [
      field('data.email', 'string', '校验的邮箱地址', 'the address checked'),
      field('data.valid', 'boolean', '格式是否合法', 'whether the syntax is valid'),
      nullable(
        field('data.reason', 'string', '不合法的原因，合法时为 null', 'why it is invalid, or null'),
      ),
      nullable(
        field(
          'data.local',
          'string',
          '@ 之前的部分，没有 @ 时为 null',
          'the part before @, or null without an @',
        ),
      ),
      nullable(
        field(
          'data.domain',
          'string',
          'ASCII 形式的域名，没有 @ 时为 null',
          'the domain, in ASCII, or null without an @',
        ),
      ),
      nullable(
        field(
          'data.normalized',
          'string',
          '域名转为小写 ASCII 形式后的邮箱地址，或 null',
          'the address with a lower-case ASCII domain, or null',
        ),
      ),
    ],
    example_params: { email: 'support@example.com' },
    example: {
      email: 'support@example.com',
      valid: true,
      reason: null,
      local: 'support',
      domain: 'example.com',
      normalized: 'support@example.com',
    },
  },
  {
    name: 'IP 网段判断',
    name_en: 'ip-cidr',
    title_en: 'IP range (CIDR) check',
    description:
      '判断 IPv4 或 IPv6 地址是否属于某个 CIDR 网段，并给出网段的网络地址、掩码、首末地址和地址总数，适合配置白名单。',
    description_en:
      'Tells whether an IPv4 or IPv6 address belongs to a CIDR block and describes the block: network address, netmask, first and last address and size. Handy for allow lists.',
    params: [
      param('ip', 'string', true, '要判断的 IPv4 或 IPv6 地址', 'the IPv4 or IPv6 address to test'),
      param(
        'cidr',
        'string',
        true,
        'CIDR 网段，如 192.168.0.0/16 或 2001:db8::/32',
        'the block, e.g. 192.168.0.0/16 or 2001:db8::/32',
      ),
    ],
    data: [
      field('data.ip', 'string', '规范化后的被测地址', 'the address tested, normalised'),
      field(
        'data.in_range',
        'boolean',
        '地址是否属于该网段',
        'whether the address is in the block',
      ),
      field(
        'data.range',
        'object',
        '网段信息：cidr、version、prefix、netmask（仅 IPv4）、first、last 和 size',
        'cidr, version, prefix, netmask (IPv4), first, last and size',
      ),
    ],
    example_params: { ip: '192.168.1.77', cidr: '192.168.0.0/16' },
    example: {
      ip: '192.168.1.77',
      in_range: true,
      range: {
        cidr: '192.168.0.0/16',
        version: 4,
        prefix: 16,
        netmask: '255.255.0.0',
        first: '192.168.0.0',
        last: '192.168.255.255',
        size: '65536',
      },
    },
    price_milli: 2,
  },
  {
    name: '二维码生成',
    name_en: 'qrcode',
    title_en: 'QR code generator',
    description:
      '把文本或网址生成二维码图片，支持 SVG 矢量和 PNG 位图、64 至 1024 像素尺寸以及 L/M/Q/H 四级容错，直接返回图片内容。',
    description_en:
      'Turns text or a URL into a QR code image: SVG or PNG, 64 to 1024 pixels, error correction L, M, Q or H. The response body is the image itself.',
    params: [
      param(
        'text',
        'string',
        true,
        '要编码的内容，最多 1000 个字符',
        'the content to encode, up to 1000 characters',
      ),
      param(
        'format',
        'string',
        false,
        '图片格式：svg 或 png，默认 svg',
        'svg or png; default svg',
        oneOf('svg', 'png'),
      ),
      param(
        'size',
        'integer',
        false,
        '图片宽高（像素），64-1024，默认 256',
        'width and height in pixels, 64-1024; default 256',
      ),
      param(
        'level',
        'string',
        false,
        '容错级别：l、m、q 或 h，默认 m',
        'error correction l, m, q or h; default m',
        {
          enum: ['l', 'm', 'q', 'h'],
          default: 'm',
        },
      ),
    ],
    data: [],
    example_params: { text: 'https://your-portico.example', format: 'svg', size: '256' },
    image: {
      response_example:
        'The response body is the image (Content-Type: image/svg+xml or image/png), e.g.\n<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 29 29" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h29v29H0z"/><path stroke="#000000" d="M2 2.5h7m1 0h1..."/></svg>\nErrors are JSON: {"success": false, "message": "parameter \'text\' is required"}',
      response_params: [
        field(
          '(body)',
          'string',
          '二维码图片（image/svg+xml 或 image/png）',
          'the QR code image (image/svg+xml or image/png)',
        ),
        field(
          'success',
          'boolean',
          '固定为 false，仅出现在 JSON 错误响应中',
          'false, only in JSON error responses',
        ),
        field(
          'message',
          'string',
          '失败原因，仅出现在 JSON 错误响应中',
          'the reason, only in JSON error responses',
        ),
      ],
    },
    price_milli: 5,
    pinned: true,
  },
  {
    name: '名言警句',
    name_en: 'quote',
    title_en: 'Quotations',
    description: '随机返回一条古今中外的名言警句及其出处，可选英文或中文（先秦诸子与唐宋诗文）。',
    description_en:
      'A random famous quotation with its author, in English or in Chinese (classical philosophers and Tang and Song poetry).',
    params: [
      param(
        'lang',
        'string',
        false,
        '语言：en（英文）或 zh（中文），默认 en',
        'en or zh; default en',
        oneOf('en', 'zh'),
      ),
    ],
    data: [
      field('data.lang', 'string', '名言的语言', 'the language of the quote'),
      field('data.content', 'string', '名言内容', 'the quotation'),
      field('data.author', 'string', '作者或出处', 'who said or wrote it'),
    ],
    example_params: { lang: 'en' },
    example: {
      lang: 'en',
      content: 'If I have seen further, it is by standing on the shoulders of giants.',
      author: 'Isaac Newton',
    },
  },
  {
    name: '程序员笑话',
    name_en: 'joke',
    title_en: 'Programmer jokes',
    description: '随机返回一条程序员笑话，中英文可选，给枯燥的调试时光加点乐趣。',
    description_en:
      'A random programmer joke, in English or Chinese, to lighten a long debugging session.',
    params: [
      param(
        'lang',
        'string',
        false,
        '语言：en（英文）或 zh（中文），默认 en',
        'en or zh; default en',
        oneOf('en', 'zh'),
      ),
    ],
    data: [
      field('data.lang', 'string', '笑话的语言', 'the language of the joke'),
      field('data.joke', 'string', '笑话内容', 'the joke'),
    ],
    example_params: { lang: 'en' },
    example: {
      lang: 'en',
      joke: 'Why do programmers prefer dark mode? Because light attracts bugs.',
    },
  },
];

export const DEMO_APIS: readonly DemoApi[] = SPECS.map(define);
