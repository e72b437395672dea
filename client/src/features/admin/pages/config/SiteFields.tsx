import type { SiteConfigBody } from '@contracts/site';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { CONFIG } from '../../i18n/config';

const { fields } = CONFIG;

/** The text fields, in the order shown: each with its label, limit and any help. */
const FIELDS: {
  key: keyof SiteConfigBody;
  label: string;
  max: number;
  rows?: number;
  help?: string;
}[] = [
  { key: 'site_title', ...fields.siteTitle, max: 200 },
  { key: 'site_keywords', ...fields.siteKeywords, max: 500 },
  { key: 'site_description', ...fields.siteDescription, max: 1000, rows: 3 },
  { key: 'site_favicon', ...fields.siteFavicon, max: 500 },
  { key: 'site_url', ...fields.siteUrl, max: 500 },
  { key: 'copyright', ...fields.copyright, max: 500 },
  { key: 'copyright_en', ...fields.copyrightEn, max: 500 },
  { key: 'icp', ...fields.icp, max: 100 },
  { key: 'home_notice', ...fields.homeNotice, max: 20000, rows: 4 },
  { key: 'home_notice_en', ...fields.homeNoticeEn, max: 20000, rows: 4 },
  { key: 'analytics_code', ...fields.analyticsCode, max: 20000, rows: 4 },
];

/** 网站配置's text fields: a line or a box each, marked when the last save refused it. */
export default function SiteFields({
  form,
  change,
  fieldProps,
  fieldError,
}: {
  form: SiteConfigBody;
  change: (key: keyof SiteConfigBody, value: string) => void;
  fieldProps: (key: string, helpId?: string) => object;
  fieldError: (key: string) => ReactNode;
}) {
  return FIELDS.map((field) => {
    const helpId = field.help ? `config-${field.key}-help` : undefined;
    return (
      <Form.Group key={field.key} className="mb-3" controlId={`config-${field.key}`}>
        <Form.Label>{field.label}</Form.Label>
        {field.rows ? (
          <Form.Control
            as="textarea"
            rows={field.rows}
            maxLength={field.max}
            className={field.key === 'analytics_code' ? 'font-monospace' : undefined}
            value={form[field.key]}
            {...fieldProps(field.key, helpId)}
            onChange={(e) => change(field.key, e.target.value)}
          />
        ) : (
          <Form.Control
            maxLength={field.max}
            value={form[field.key]}
            {...fieldProps(field.key, helpId)}
            onChange={(e) => change(field.key, e.target.value)}
          />
        )}
        {fieldError(field.key)}
        {field.help && <Form.Text id={helpId}>{field.help}</Form.Text>}
      </Form.Group>
    );
  });
}
