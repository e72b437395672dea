import type { Envelope } from '@contracts/envelope';
import { FormEvent, ReactNode, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { adminErrorText, outcomeNotice } from '../errors';
import { refusedField } from '../../../lib/api';
import type { Notice } from '../errors';
import ErrorSummary from './ErrorSummary';
import StatusBadge from './StatusBadge';
import { useRefusals } from './useRefusals';
import { useConfirm } from './useConfirm';
import { invalidMarks } from '../../../components/ui/invalidMarks';

/** Banners clear themselves after 5 s (SPEC.md §4, §9). */
export const BANNER_MS = 5000;

export interface Field {
  key: string;
  label: string;
  kind?: 'text' | 'url' | 'textarea' | 'number' | 'status' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
}

export interface ColumnDef<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** Records with a status get the 状态 column; categories, say, have none. */
type Row = { id: number; status?: number };
type Outcome = { data: Envelope } | { error: unknown };
/** What is wrong, by field key. */
export type FieldErrors = Partial<Record<string, string>>;

const controlId = (key: string) => `record-${key}`;
const errorId = (key: string) => `record-${key}-error`;

interface Props<T extends Row> {
  title: string;
  noun: string;
  rows: T[] | undefined;
  loading: boolean;
  loadError: unknown;
  columns: ColumnDef<T>[];
  fields: Field[];
  blank: Record<string, string | number>;
  /** Client-side checks before saving: each broken field with its text (any stops the save). */
  validate: (values: Record<string, string | number>) => FieldErrors;
  save: (values: Record<string, string | number>) => Promise<Outcome>;
  remove: (id: number) => Promise<Outcome>;
  /** This form's texts for refused fields, where the admin's shared ones do not fit. */
  fieldTexts?: Record<string, string>;
}

/** A table of small records with an add/edit modal and a confirmed delete. */
export default function RecordManager<T extends Row>(props: Props<T>) {
  const [editing, setEditing] = useState<Record<string, string | number> | null>(null);
  const [banner, setBanner] = useState<Notice | null>(null);
  const {
    errors: fieldErrors,
    banner: formError,
    formRef,
    refuse,
    clear,
    settle,
  } = useRefusals<string>();
  const [saving, setSaving] = useState(false);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const open = (row: T | null) => {
    clear();
    setEditing(
      row
        ? { ...props.blank, ...(row as unknown as Record<string, string | number>) }
        : { ...props.blank },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const problems = props.validate(editing);
    if (Object.keys(problems).length > 0) return refuse(problems);
    clear();
    setSaving(true);
    const result = await props.save(editing);
    setSaving(false);
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        failed: editing.id ? '更新失败' : '添加失败',
        fields: props.fieldTexts,
      });
      const field = refusedField(result.error);
      const known = props.fields.some((f) => f.key === field);
      return field && known ? refuse({ [field]: text }) : refuse({}, text);
    }
    setBanner({ ok: true, text: editing.id ? '更新成功' : '添加成功' });
    setEditing(null);
  };

  const withStatus = 'status' in props.blank;
  const summary = props.fields
    .filter((field) => fieldErrors[field.key] !== undefined)
    .map((field) => ({ id: controlId(field.key), text: fieldErrors[field.key] ?? '' }));

  const onDelete = async (row: T) => {
    if (!(await confirm(`确定要删除此${props.noun}吗？`, '删除'))) return;
    const result = await props.remove(row.id);
    setBanner(outcomeNotice(result, { failed: '删除失败' }, '删除成功'));
  };

  const input = (field: Field) => {
    const value = editing?.[field.key] ?? '';
    // A field edited is no longer said to be wrong; the next save checks it again.
    const change = (next: string | number) => {
      setEditing((current) => (current ? { ...current, [field.key]: next } : current));
      settle(field.key);
    };
    const error = fieldErrors[field.key];
    const invalid = invalidMarks(error && errorId(field.key));
    if (field.kind === 'status') {
      return (
        <Form.Select value={value} onChange={(e) => change(Number(e.target.value))} {...invalid}>
          <option value={1}>启用</option>
          <option value={0}>禁用</option>
        </Form.Select>
      );
    }
    if (field.kind === 'select') {
      return (
        <Form.Select value={value} onChange={(e) => change(e.target.value)} {...invalid}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      );
    }
    if (field.kind === 'textarea') {
      return (
        <Form.Control
          as="textarea"
          rows={2}
          value={value}
          onChange={(e) => change(e.target.value)}
          {...invalid}
        />
      );
    }
    return (
      <Form.Control
        type={field.kind === 'url' ? 'url' : field.kind === 'number' ? 'number' : 'text'}
        placeholder={field.placeholder}
        value={value}
        onChange={(e) => change(e.target.value)}
        {...invalid}
      />
    );
  };

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{props.title}</h1>
        <Button onClick={() => open(null)}>添加{props.noun}</Button>
      </div>
      {banner && (
        <Alert variant={banner.ok ? 'success' : 'danger'} role={banner.ok ? 'status' : 'alert'}>
          {banner.text}
        </Alert>
      )}
      {props.loadError ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(props.loadError, {
            failed: `获取${props.noun}列表失败`,
          })}
        </div>
      ) : props.loading || !props.rows ? (
        <Loading label="加载中..." />
      ) : (
        <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
          <thead>
            <tr>
              <th>ID</th>
              {props.columns.map((c) => (
                <th key={c.label}>{c.label}</th>
              ))}
              {withStatus && <th>状态</th>}
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.length === 0 ? (
              <tr>
                <td
                  colSpan={props.columns.length + (withStatus ? 3 : 2)}
                  className="text-center text-muted"
                >
                  暂无{props.noun}。
                </td>
              </tr>
            ) : (
              props.rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="ID">{row.id}</td>
                  {props.columns.map((c) => (
                    <td key={c.label} data-label={c.label}>
                      {c.render(row)}
                    </td>
                  ))}
                  {withStatus && (
                    <td data-label="状态">
                      <StatusBadge status={row.status ?? 0} />
                    </td>
                  )}
                  <td data-label="操作" className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => open(row)}
                    >
                      编辑
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => void onDelete(row)}>
                      删除
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      )}
      <Modal
        aria-labelledby="record-modal-title"
        show={editing !== null}
        onHide={() => !saving && setEditing(null)}
        backdrop="static"
      >
        <Form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)}>
          <Modal.Header closeButton>
            <Modal.Title id="record-modal-title">
              {editing?.id ? '编辑' : '添加'}
              {props.noun}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {summary.length > 0 && <ErrorSummary items={summary} />}
            {formError && (
              <Alert variant="danger" role="alert" tabIndex={-1}>
                {formError}
              </Alert>
            )}
            {props.fields.map((field) => (
              <Form.Group key={field.key} className="mb-3" controlId={controlId(field.key)}>
                <Form.Label>{field.label}</Form.Label>
                {input(field)}
                <Form.Control.Feedback type="invalid" id={errorId(field.key)}>
                  {fieldErrors[field.key]}
                </Form.Control.Feedback>
              </Form.Group>
            ))}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" disabled={saving} onClick={() => setEditing(null)}>
              取消
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? '保存中...' : '保存'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
      {dialog}
    </section>
  );
}
