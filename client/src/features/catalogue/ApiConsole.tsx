import type { ApiDetail } from '@contracts/apis';
import { PLAN_LIMITS, type PlanLimit } from '@contracts/plans';
import { isRequiredFlag, type RequestParam } from '@contracts/list-fields';
import {
  buildRequestModel,
  EXAMPLE_LANGUAGE_LABELS,
  EXAMPLE_LANGUAGES,
  type ExampleLanguage,
  IDEMPOTENCY_HEADER,
  type ParamProblem,
  type ParamValues,
  type RequestModel,
  renderExample,
  validateValues,
} from '@contracts/request-examples';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useI18n, type UiKey } from '../../i18n';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { formatYuan } from '../../lib/money';
import { useOrigin } from '../../lib/ssr';
import { useAppDispatch } from '../../app/store';
import { refreshUser } from '../../app/refreshUser';
import { refreshFreeQuotas, useFreeQuota } from '../../app/useFreeQuota';
import { useCopy } from '../../components/ui/useCopy';
import Translated, { listTextIn } from '../../components/ui/Translated';

/** Gateway failures after the charge, which the gateway refunds (see the error-code table). */
const REFUNDED = new Set([
  'gateway.invalid_param',
  'gateway.invalid_json',
  'gateway.invalid_path',
  'gateway.upstream_failed',
  'gateway.upstream_timeout',
  'gateway.not_implemented',
]);

/**
 * What a paid call cost, from the gateway's X-Cost (what stayed charged): a cost is a charge; no
 * cost after a failure the gateway refunds is a refund; anything else was refused before a charge.
 */
function billingOutcome(cost: number, code: string | undefined) {
  if (cost > 0) return 'charged';
  if (code && REFUNDED.has(code)) return 'refunded';
  return 'none';
}

/** What goes between two sentences: a space in English, nothing in Chinese. */
const sentenceGap = (lang: string) => (lang === 'zh' ? '' : ' ');

/** Response headers worth a reader's attention, in this order, when present. */
const SHOWN_HEADERS = [
  'content-type',
  'content-length',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'x-request-id',
  'x-cost',
  'x-balance',
  'x-charged-from',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'x-quota-window',
];

/** Which of a plan's limits X-Quota-* count (X-Quota-Window); its period when unsaid. */
const planLimitOf = (value: string | null): PlanLimit =>
  PLAN_LIMITS.find((limit) => limit === value) ?? 'period';

const PROBLEM_TEXT: Record<ParamProblem, UiKey> = {
  required: 'console.errRequired',
  integer: 'console.errInteger',
  number: 'console.errNumber',
  boolean: 'console.errBoolean',
  array: 'console.errArray',
  object: 'console.errObject',
  enum: 'console.errEnum',
};

type Body =
  | { kind: 'json'; text: string; envelope: { message?: string; code?: string } | null }
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string; type: string }
  | { kind: 'file'; url: string; name: string; size: number };

interface Result {
  status: number;
  latencyMs: number;
  /** When the answer came (ms since the epoch): X-Quota-Reset counts from it. */
  at: number;
  headers: [string, string][];
  body: Body;
  /** What the console sent, for "copy as". */
  model: RequestModel;
  /**
   * Paid calls: charged, refunded or not charged, and the balance read afterwards; with a free
   * quota, whether it paid and the free calls left (X-Charged-From, X-Quota-*).
   */
  billing: {
    outcome: ReturnType<typeof billingOutcome>;
    cost: string;
    /** The user's credit paid for it (X-Charged-From: credit), not the balance. */
    credit: boolean;
    /**
     * The user's plan paid for it (X-Charged-From: plan): X-Quota-* then count the plan's calls of
     * the limit X-Quota-Window names (its period, an hour, a day or a week), not a free quota's.
     */
    plan: boolean;
    balance: string | null;
    quota: { free: boolean; remaining: string; limit: string; window: PlanLimit } | null;
  } | null;
}

async function dataUrl(blob: Blob, type: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `data:${type.split(';')[0]};base64,${btoa(binary)}`;
}

async function readBody(response: Response, fileName: string): Promise<Body> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('json')) {
    const text = await response.text();
    try {
      const value = JSON.parse(text) as unknown;
      const envelope =
        typeof value === 'object' &&
        value !== null &&
        (value as { success?: unknown }).success === false
          ? (value as { message?: string; code?: string })
          : null;
      return { kind: 'json', text: JSON.stringify(value, null, 2), envelope };
    } catch {
      return { kind: 'text', text };
    }
  }
  if (type.startsWith('text/')) return { kind: 'text', text: await response.text() };
  const blob = await response.blob();
  // A data: URL, which the site's Content-Security-Policy allows for images (blob: it does not).
  if (type.startsWith('image/')) return { kind: 'image', url: await dataUrl(blob, type), type };
  return { kind: 'file', url: URL.createObjectURL(blob), name: fileName, size: blob.size };
}

/**
 * A fresh Idempotency-Key for one click on a paid API. crypto.randomUUID needs a secure context
 * (HTTPS or localhost); a site served over plain HTTP still has getRandomValues.
 */
function freshIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * What fetch sends: JSON or a form as the model's text (its Content-Type is in the model's
 * headers); a multipart form as FormData, the text parts then the chosen files, whose boundary
 * (and so Content-Type) the browser writes.
 */
function requestBody(model: RequestModel, files: Record<string, File>): BodyInit | undefined {
  if (model.format !== 'multipart/form-data') return model.bodyText ?? undefined;
  const form = new FormData();
  for (const [name, value] of Object.entries(model.body ?? {})) form.append(name, String(value));
  for (const [name] of model.files) {
    const file = files[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}

const isMultiline = (param: RequestParam, value: string) =>
  param.type === 'array' || param.type === 'object' || value.includes('\n');

function Field({
  param,
  value,
  problem,
  multiline,
  onChange,
  onFile,
}: {
  param: RequestParam;
  value: string;
  problem: ParamProblem | undefined;
  multiline: boolean;
  onChange: (value: string) => void;
  /** A file parameter's choice (its value is the file's name). */
  onFile: (file: File | null) => void;
}) {
  const { t, lang } = useI18n();
  const help = listTextIn(param, lang)?.text ?? '';
  const id = `console-${useId()}`;
  const required = isRequiredFlag(param.required);
  const choices =
    param.enum && param.enum.length > 0
      ? param.enum
      : param.type === 'boolean'
        ? ['true', 'false']
        : null;
  const describedBy = [`${id}-help`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name: param.name,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
  const className = problem ? ' is-invalid' : '';
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label mb-1 d-flex flex-wrap align-items-baseline gap-2">
        <code className="fs-6">{param.name}</code>{' '}
        <span className="badge text-bg-light border">{param.type}</span>{' '}
        {required && <span className="text-danger small">{t('console.required')}</span>}
      </label>
      {param.type === 'file' ? (
        // Uncontrolled: a page can never set a file input's value, only read the reader's choice.
        <input
          {...common}
          type="file"
          className={`form-control form-control-sm${className}`}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      ) : choices ? (
        <select
          {...common}
          className={`form-select form-select-sm${className}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {!required && <option value="">{t('console.leftOut')}</option>}
          {required && !choices.includes(value) && <option value="">—</option>}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea
          {...common}
          className={`form-control form-control-sm font-monospace${className}`}
          rows={Math.min(6, Math.max(3, value.split('\n').length))}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={
            param.type === 'integer' ? 'numeric' : param.type === 'number' ? 'decimal' : undefined
          }
          className={`form-control form-control-sm${className}`}
          value={value}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {problem && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {t(PROBLEM_TEXT[problem], { values: (param.enum ?? []).join(', ') })}
        </div>
      )}
      <div id={`${id}-help`} className="form-text">
        <Translated row={param} />
        {/* Said once: descriptions often name their default already. */}
        {param.default !== undefined &&
          !/default|默认/i.test(help) &&
          ` ${t('console.default', { value: param.default })}`}
      </div>
    </div>
  );
}

function CopyAs({ model }: { model: RequestModel }) {
  const { t } = useI18n();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const { state, copy } = useCopy();
  return (
    <div className="input-group input-group-sm portico-copy-as">
      <label className="input-group-text" htmlFor="console-copy-as">
        {t('console.copyAs')}
      </label>
      <select
        id="console-copy-as"
        className="form-select"
        value={language}
        onChange={(e) => setLanguage(e.target.value as ExampleLanguage)}
      >
        {EXAMPLE_LANGUAGES.map((value) => (
          <option key={value} value={value}>
            {EXAMPLE_LANGUAGE_LABELS[value]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => void copy(renderExample(model, language))}
      >
        {state === 'copied'
          ? t('code.copied')
          : state === 'failed'
            ? t('code.copyFailed')
            : t('code.copy')}
      </button>
    </div>
  );
}

/** A known error code's text in the reader's language, else the server's own message. */
function errorLine(lang: 'en' | 'zh', envelope: { message?: string; code?: string }) {
  const texts: Record<string, string> = (lang === 'zh' ? zh : en).errors;
  return envelope.code && Object.hasOwn(texts, envelope.code)
    ? texts[envelope.code]
    : envelope.message;
}

function ResultView({ result, api }: { result: Result; api: ApiDetail }) {
  const { t, lang, time } = useI18n();
  const ok = result.status < 400;
  const retryAfter = result.headers.find(([name]) => name === 'retry-after')?.[1];
  const quotaReset = result.headers.find(([name]) => name === 'x-quota-reset')?.[1];
  const envelope = result.body.kind === 'json' ? result.body.envelope : null;
  const balance = result.billing?.balance ? formatYuan(result.billing.balance) : '—';
  return (
    <div className="mt-3 portico-console-result" data-testid="console-result">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span
          className={`badge fs-6 ${ok ? 'text-bg-success' : 'text-bg-danger'}`}
          data-testid="console-status"
        >
          {result.status}
        </span>
        <span className="text-muted small" data-testid="console-latency">
          {t('console.latencyValue', { ms: result.latencyMs })}
        </span>
        <div className="ms-auto">
          <CopyAs model={result.model} />
        </div>
      </div>
      {envelope && (
        <div className="alert alert-danger py-2 mb-2" role="alert">
          {errorLine(lang, envelope)}
          {result.status === 402 && (
            <>
              {' '}
              <Link to={paths.userRecharge} className="alert-link">
                {t('console.recharge')}
              </Link>
            </>
          )}
          {result.status === 429 && retryAfter && (
            <div className="small mt-1">{t('console.retryAfter', { seconds: retryAfter })}</div>
          )}
          {envelope.code === 'gateway.plan_exhausted' && Number(quotaReset) > 0 && (
            <div className="small mt-1" data-testid="console-plan-reset">
              {t('console.planResets', {
                time: time(new Date(result.at + Number(quotaReset) * 1000).toISOString()),
              })}
            </div>
          )}
        </div>
      )}
      {result.billing && (
        <p className="small mb-2" data-testid="console-billing">
          {result.billing.plan && result.billing.quota
            ? t(`console.paidByPlan.${result.billing.quota.window}`, {
                remaining: result.billing.quota.remaining,
                limit: result.billing.quota.limit,
              })
            : result.billing.quota?.free
              ? t(`console.freeCall.${api.free_quota_period ?? 'day'}`, {
                  remaining: result.billing.quota.remaining,
                  limit: result.billing.quota.limit,
                })
              : result.billing.outcome === 'charged'
                ? t(result.billing.credit ? 'console.chargedCredit' : 'console.charged', {
                    amount: formatYuan(result.billing.cost),
                    balance,
                  })
                : result.billing.outcome === 'refunded'
                  ? t('console.refunded', { balance })
                  : t('console.notCharged', { balance })}
          {/* Only the free quota's own count says it is used up (a plan's, or a call given
              back to either, is not "no free calls left"). */}
          {result.billing.quota &&
            !result.billing.quota.free &&
            !result.billing.plan &&
            !!api.free_quota_calls &&
            result.billing.quota.remaining === '0' && (
              <>
                {sentenceGap(lang)}
                {t(`console.quotaUsed.${api.free_quota_period ?? 'day'}`)}
              </>
            )}
        </p>
      )}
      <details className="mb-2">
        <summary className="small">{t('console.headers')}</summary>
        <dl className="small mb-0 mt-1 portico-headers">
          {result.headers.map(([name, value]) => (
            <div key={name} className="d-flex flex-wrap gap-2">
              <dt className="fw-normal text-muted">{name}</dt>
              <dd className="mb-0 text-break">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="small text-muted mb-1">{t('console.body')}</div>
      {result.body.kind === 'image' ? (
        <div className="portico-console-image border rounded p-2 bg-white">
          <img
            src={result.body.url}
            alt={t('console.imageAlt', { name: api.name_en })}
            data-testid="console-image"
          />
        </div>
      ) : result.body.kind === 'file' ? (
        <a
          href={result.body.url}
          download={result.body.name}
          className="btn btn-sm btn-outline-primary"
        >
          {t('console.download', { file: result.body.name, size: result.body.size })}
        </a>
      ) : (
        <pre className="portico-code portico-console-body mb-0" data-testid="console-body">
          <code>{result.body.text}</code>
        </pre>
      )}
    </div>
  );
}

/**
 * The try-it console: a form from request_params, run through the real gateway with the
 * signed-in user's key in the X-API-Key header (never in the URL). Free APIs run without a key
 * for visitors; paid ones ask them to sign in.
 */
export default function ApiConsole({
  api,
  values,
  onChange,
  apiKey,
  signedIn,
}: {
  api: ApiDetail;
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  apiKey: string | null;
  signedIn: boolean;
}) {
  const { t, lang } = useI18n();
  const origin = useOrigin();
  const dispatch = useAppDispatch();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Record<string, ParamProblem>>({});
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The files chosen for `file` parameters, by name (their values are the files' names).
  const [files, setFiles] = useState<Record<string, File>>({});
  // Which fields are text areas is settled by the starting values, so typing never swaps them.
  const [multiline] = useState(() =>
    Object.fromEntries(
      api.request_params.map((p) => [p.name, isMultiline(p, values[p.name] ?? '')]),
    ),
  );
  const objectUrl = result?.body.kind === 'file' ? result.body.url : null;
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const params = api.request_params.filter((p) => p.name);
  const needsSignIn = api.is_paid === 1 && !signedIn;
  const quota = useFreeQuota(api.id, signedIn && api.is_paid === 1 && !!api.free_quota_calls);

  const change = (name: string, value: string) => {
    onChange({ ...values, [name]: value });
    if (problems[name]) {
      setProblems((all) => Object.fromEntries(Object.entries(all).filter(([n]) => n !== name)));
    }
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    // A file parameter is as good as its chosen file, whatever its value says.
    const sending = { ...values };
    for (const p of params) if (p.type === 'file') sending[p.name] = files[p.name]?.name ?? '';
    const found = validateValues(api, sending);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = params.find((p) => found[p.name]);
      const field = first && form.current?.elements.namedItem(first.name);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    const model = buildRequestModel(api, sending, origin, signedIn ? apiKey : null);
    // A key per click: a retry of this request (by the browser or a proxy) is never charged
    // twice, and the next click, edited or not, is a call of its own.
    const sentHeaders: [string, string][] = model.idempotent
      ? [...model.headers, [IDEMPOTENCY_HEADER, freshIdempotencyKey()]]
      : model.headers;
    setRunning(true);
    setFailure(null);
    const started = performance.now();
    try {
      const response = await fetch(model.url, {
        method: model.method,
        headers: sentHeaders,
        body: requestBody(model, files),
        cache: 'no-store',
        credentials: 'omit',
      });
      const body = await readBody(response, model.saveAs ?? `${api.name_en}.bin`);
      const latencyMs = Math.round(performance.now() - started);
      const headers: [string, string][] = SHOWN_HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      });
      let billing: Result['billing'] = null;
      if (api.is_paid && signedIn) {
        const code = body.kind === 'json' ? body.envelope?.code : undefined;
        const cost = response.headers.get('x-cost') ?? '0';
        // The store's balance follows too (the header, the user centre); X-Balance is the
        // balance right after this call, the refreshed one may include calls made since.
        const [info] = await Promise.all([
          refreshUser(dispatch),
          api.free_quota_calls ? refreshFreeQuotas(dispatch) : undefined,
        ]);
        const remaining = response.headers.get('x-quota-remaining');
        billing = {
          outcome: billingOutcome(Number(cost), code),
          cost,
          credit: response.headers.get('x-charged-from') === 'credit',
          plan: response.headers.get('x-charged-from') === 'plan',
          balance: response.headers.get('x-balance') ?? info?.balance ?? null,
          quota:
            remaining === null
              ? null
              : {
                  free: response.headers.get('x-charged-from') === 'free',
                  remaining,
                  limit: response.headers.get('x-quota-limit') ?? '',
                  window: planLimitOf(response.headers.get('x-quota-window')),
                },
        };
      }
      setResult({
        status: response.status,
        latencyMs,
        at: Date.now(),
        headers,
        body,
        model,
        billing,
      });
    } catch (error) {
      setResult(null);
      setFailure(
        t('console.networkError', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setRunning(false);
    }
  };

  return (
    <form ref={form} noValidate onSubmit={(e) => void run(e)} data-testid="api-console">
      {params.length === 0 ? (
        <p className="text-muted small">{t('console.noParams')}</p>
      ) : (
        <div className="row row-cols-1 row-cols-lg-2 g-0 gx-lg-4">
          {params.map((param) => (
            // A file input needs the width for its button and the chosen file's name.
            <div key={param.name} className={param.type === 'file' ? 'col col-lg-12' : 'col'}>
              <Field
                param={param}
                value={values[param.name] ?? ''}
                problem={problems[param.name]}
                multiline={multiline[param.name] ?? false}
                onChange={(value) => change(param.name, value)}
                onFile={(file) => {
                  setFiles(({ [param.name]: _dropped, ...rest }) =>
                    file ? { ...rest, [param.name]: file } : rest,
                  );
                  change(param.name, file?.name ?? '');
                }}
              />
            </div>
          ))}
        </div>
      )}
      {Object.keys(problems).length > 0 && (
        <p className="text-danger small" role="alert">
          {t('console.fixFields')}
        </p>
      )}
      {needsSignIn ? (
        <div
          className="alert alert-info mb-0 d-flex flex-wrap align-items-center gap-2"
          data-testid="console-sign-in"
        >
          <span>{t('console.signInPrompt', { price: formatYuan(api.price_per_call) })}</span>
          <Link
            to={`${paths.login}?redirect=${encodeURIComponent(paths.apiDetail(api.id, api.name_en))}`}
            className="btn btn-sm btn-primary ms-auto"
          >
            {t('console.signIn')}
          </Link>
        </div>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button type="submit" className="btn btn-primary" disabled={running}>
            {running ? t('console.running') : `${api.request_method} ${t('console.run')}`}
          </button>
          <span className="small text-muted">
            {api.is_paid
              ? [
                  t('console.paidNote', { price: formatYuan(api.price_per_call) }),
                  ...(quota
                    ? [
                        t(`console.freeLeft.${quota.period}`, {
                          remaining: quota.remaining,
                          limit: quota.limit,
                        }),
                      ]
                    : api.free_quota_calls
                      ? [
                          t(`console.freeQuotaNote.${api.free_quota_period ?? 'day'}`, {
                            count: api.free_quota_calls,
                          }),
                        ]
                      : []),
                ].join(sentenceGap(lang))
              : signedIn
                ? t('console.freeKeyNote')
                : t('console.freeAnonymousNote')}
          </span>
        </div>
      )}
      {failure && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {failure}
        </div>
      )}
      {result && <ResultView result={result} api={api} />}
    </form>
  );
}
