import {
  OPENAPI_IMPORT_MAX_BYTES,
  type ImportAction,
  type ImportPreview,
} from '@contracts/openapi';
import { ChangeEvent, useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { errorCode, errorMessage } from '../../../lib/api';
import { useImportOpenApiMutation, useImportOpenApiUrlMutation } from '../api';
import { adminErrorText, type Notice } from '../errors';
import { ZH_ERRORS } from '../i18n/zh';
import { adminPaths } from '../paths';
import NoticeBanner from '../../../components/ui/NoticeBanner';

export const IMPORT_TEXTS = {
  empty: '请粘贴、上传 OpenAPI 文档，或填写它的网址',
  chosen: (name: string, bytes: number) =>
    `已选择文件 ${name}（${(bytes / 1_000_000).toFixed(1)} MB），将原样上传；在上方粘贴文档则改用粘贴的内容。`,
  unreadable: '无法读取所选文件',
  failed: '导入失败',
  nothingToApply: '没有需要新建或更新的 API',
  applied: (counts: ImportPreview['counts']) =>
    `导入完成：新建 ${counts.create} 个，更新 ${counts.update} 个，未变 ${counts.unchanged} 个。新建的 API 默认禁用且免费，请在 API 管理中定价后启用。`,
} as const;

const ACTIONS: Record<ImportAction, { label: string; bg: string }> = {
  create: { label: '新建', bg: 'success' },
  update: { label: '更新', bg: 'warning' },
  unchanged: { label: '未变', bg: 'secondary' },
};

/** The catalogue columns an import may change, as the editor names them. */
const COLUMN_LABELS: Record<string, string> = {
  name: '名称',
  name_en: '英文名',
  description: '描述',
  description_en: '英文描述',
  request_method: '请求方式',
  request_params: '请求参数',
  response_params: '返回参数',
  status_codes: '状态码',
  response_format: '返回格式',
  response_example: '返回示例',
  upstream_url: '上游地址',
};

const tooLarge = (document: string | File) =>
  (typeof document === 'string' ? new TextEncoder().encode(document).length : document.size) >
  OPENAPI_IMPORT_MAX_BYTES;

/**
 * The import's own refusals are Chinese and name the problem and where it is (openapi.errors.ts):
 * shown as the server wrote them. Others read as every admin screen reads them.
 */
const refusalText = (error: unknown) =>
  errorCode(error)?.startsWith('openapi.')
    ? errorMessage(error, IMPORT_TEXTS.failed)
    : adminErrorText(error, { failed: IMPORT_TEXTS.failed });

/** A file above this is sent as it is, not shown: a text field holding megabytes is unusable. */
export const SHOWN_FILE_BYTES = 1_000_000;

/** 导入 OpenAPI: paste or upload a document, preview what it does, then apply that preview. */
export default function ImportOpenApiPage() {
  usePageTitle('导入 OpenAPI');
  const [runDocument, { isLoading: sending }] = useImportOpenApiMutation();
  const [runUrl, { isLoading: fetching }] = useImportOpenApiUrlMutation();
  const isLoading = sending || fetching;
  const [source, setSource] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // A new preview is read from its heading: below the long document field it would otherwise open
  // out of sight, its rows under the sticky save bar.
  useEffect(() => {
    if (!preview) return;
    previewHeading.current?.scrollIntoView?.({ block: 'start' });
    previewHeading.current?.focus({ preventScroll: true });
  }, [preview]);

  // Any edit to the document drops the preview: what is applied is always what was shown.
  // The document is one of the three: pasted, a chosen file or a URL.
  const changeDocument = (text: string) => {
    setSource(text);
    setFile(null);
    setUrl('');
    setPreview(null);
  };
  // Typed or pasted over, a chosen file no longer shows as chosen.
  const typeDocument = (text: string) => {
    if (fileInput.current) fileInput.current.value = '';
    changeDocument(text);
  };
  const changeUrl = (text: string) => {
    typeDocument('');
    setUrl(text);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setNotice(null);
    if (chosen.size > SHOWN_FILE_BYTES) {
      changeDocument('');
      setFile(chosen);
      return;
    }
    try {
      changeDocument(await chosen.text());
    } catch {
      setNotice({ ok: false, text: IMPORT_TEXTS.unreadable });
    }
  };

  const send = async (dryRun: boolean) => {
    const document = file ?? source;
    if (!url.trim() && !file && !source.trim()) {
      return setNotice({ ok: false, text: IMPORT_TEXTS.empty });
    }
    if (!url.trim() && tooLarge(document)) {
      return setNotice({ ok: false, text: ZH_ERRORS['openapi.too_large'] });
    }
    const result = url.trim()
      ? await runUrl({ url: url.trim(), dry_run: dryRun })
      : await runDocument({ document, dry_run: dryRun });
    if ('error' in result) {
      setPreview(null);
      return setNotice({ ok: false, text: refusalText(result.error) });
    }
    const data = result.data.data;
    if (dryRun) {
      setNotice(null);
      setPreview(data);
    } else {
      setPreview(null);
      typeDocument('');
      setNotice({ ok: true, text: IMPORT_TEXTS.applied(data.counts) });
    }
  };

  const pending = preview ? preview.counts.create + preview.counts.update : 0;

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">导入 OpenAPI</h1>
        <Link to={adminPaths.control} className="btn btn-outline-secondary">
          返回 API 管理
        </Link>
      </div>
      <NoticeBanner notice={notice} />
      <Card className="mb-4">
        <Card.Body>
          <Form.Group className="mb-3" controlId="openapi-document">
            <Form.Label>OpenAPI 3.x 或 Swagger 2.0 文档（JSON 或 YAML）</Form.Label>
            <Form.Control
              as="textarea"
              rows={10}
              className="font-monospace"
              spellCheck={false}
              value={source}
              onChange={(e) => typeDocument(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="openapi-file">
            <Form.Label>或上传文件</Form.Label>
            <Form.Control
              type="file"
              ref={fileInput}
              accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
              onChange={(e) => void onFile(e as ChangeEvent<HTMLInputElement>)}
            />
            {file && (
              <Form.Text as="p" className="mb-0">
                {IMPORT_TEXTS.chosen(file.name, file.size)}
              </Form.Text>
            )}
          </Form.Group>
          <Form.Group className="mb-3" controlId="openapi-url">
            <Form.Label>或从网址导入</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              placeholder="https://example.com/openapi.json"
              value={url}
              onChange={(e) => changeUrl(e.target.value)}
            />
            <Form.Text>只访问 https:// 公开网址，不访问内网地址；最多 16 MB。</Form.Text>
          </Form.Group>
          <Button disabled={isLoading} onClick={() => void send(true)}>
            {isLoading && !preview ? '解析中...' : '预览导入'}
          </Button>
        </Card.Body>
      </Card>
      {preview && (
        <section aria-labelledby="openapi-preview">
          <h2
            id="openapi-preview"
            className="h5"
            ref={previewHeading}
            tabIndex={-1}
            style={{ scrollMarginTop: '1rem' }}
          >
            导入预览
          </h2>
          <p className="text-muted">
            新建 {preview.counts.create} 个，更新 {preview.counts.update} 个，未变{' '}
            {preview.counts.unchanged} 个，跳过 {preview.skipped.length} 个
          </p>
          <Table
            striped
            bordered
            className="bg-body align-middle admin-cards"
            aria-label="导入预览"
          >
            <thead>
              <tr>
                <th>名称</th>
                <th>英文名</th>
                <th>方法</th>
                <th style={{ minWidth: '14rem' }}>上游地址</th>
                <th>参数</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {preview.apis.length === 0 ? (
                <tr>
                  <td colSpan={6} className="text-center text-muted">
                    文档中没有可导入的操作。
                  </td>
                </tr>
              ) : (
                preview.apis.map((api) => (
                  <tr key={`${api.method} ${api.name_en}`}>
                    <td data-label="名称">{api.name}</td>
                    <td data-label="英文名">
                      <code>{api.name_en}</code>
                    </td>
                    <td data-label="方法">{api.method}</td>
                    <td data-label="上游地址" className="admin-break">
                      {api.upstream_url}
                    </td>
                    <td data-label="参数">
                      {api.parameters.length === 0
                        ? '无'
                        : api.parameters
                            .map((p) => `${p.name}${p.required ? '*' : ''}: ${p.type}`)
                            .join('，')}
                    </td>
                    <td data-label="操作">
                      <Badge bg={ACTIONS[api.action].bg}>{ACTIONS[api.action].label}</Badge>
                      {api.action === 'update' && api.changed_fields.length > 0 && (
                        <div className="small text-muted mt-1">
                          变更：
                          {api.changed_fields.map((f) => COLUMN_LABELS[f] ?? f).join('、')}
                        </div>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          {preview.skipped.length > 0 && (
            <>
              <h3 className="h6">跳过的操作</h3>
              <Table bordered size="sm" className="bg-body admin-cards" aria-label="跳过的操作">
                <thead>
                  <tr>
                    <th>方法</th>
                    <th>路径</th>
                    <th>原因</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.skipped.map((op) => (
                    <tr key={`${op.method} ${op.path}`}>
                      <td data-label="方法">{op.method.toUpperCase()}</td>
                      <td data-label="路径">
                        <code>{op.path}</code>
                      </td>
                      <td data-label="原因">{op.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
          <div className="admin-save-bar d-flex flex-wrap gap-2 align-items-center">
            <Button
              variant="success"
              disabled={isLoading || pending === 0}
              onClick={() => void send(false)}
            >
              {isLoading ? '导入中...' : `确认导入（${pending} 个）`}
            </Button>
            {pending === 0 && <span className="text-muted">{IMPORT_TEXTS.nothingToApply}</span>}
          </div>
        </section>
      )}
    </section>
  );
}
