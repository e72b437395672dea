import { escapeHtml } from '../../common/html';
import type { ApiState, StatusApi, StatusIncident, StatusPage } from '../../contracts/health';

/** A time as the feed writes it in text: "2026-11-29 14:05 UTC". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function incidentText(incident: StatusIncident): string {
  const figures =
    incident.cause === 'probe'
      ? 'its probe failed'
      : `${incident.success_rate}% of ${incident.calls} calls worked` +
        (incident.p95_ms === null ? '' : `, 95th-percentile latency ${incident.p95_ms} ms`);
  const ended = incident.ended_at ? ` Operational again since ${utc(incident.ended_at)}.` : '';
  return `${incident.name_en} was ${incident.state} from ${utc(incident.started_at)}: ${figures}.${ended}`;
}

/**
 * The incidents as an Atom feed (RFC 4287), newest first. `origin` is the site's address, or ''
 * when it cannot be told: ids are then URNs and links relative.
 */
export function statusFeed(page: StatusPage, origin: string): string {
  const statusUrl = `${origin}/status`;
  const id = (suffix: string) =>
    origin ? `${statusUrl}${suffix}` : `urn:portico:status${suffix.replace('#', ':')}`;
  const updated =
    page.incidents
      .map((incident) => incident.ended_at ?? incident.started_at)
      .sort()
      .at(-1) ?? page.updated_at;
  const entries = page.incidents.map((incident) => {
    const title = `${incident.name_en}: ${incident.state}${incident.ended_at ? ' (resolved)' : ''}`;
    return [
      '  <entry>',
      `    <id>${escapeHtml(id(`#incident-${incident.id}`))}</id>`,
      `    <title>${escapeHtml(title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(`${statusUrl}#incident-${incident.id}`)}"/>`,
      `    <published>${incident.started_at}</published>`,
      `    <updated>${incident.ended_at ?? incident.started_at}</updated>`,
      `    <content type="text">${escapeHtml(incidentText(incident))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(id(''))}</id>`,
    '  <title>API status: incidents</title>',
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(`${origin}/status.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(statusUrl)}"/>`,
    `  <updated>${updated}</updated>`,
    '  <author><name>Portico</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

const BADGE_COLOURS: Record<ApiState, string> = {
  operational: '#1a7f37',
  degraded: '#9a6700',
  down: '#cf222e',
  unknown: '#57606a',
};

/** Verdana 11 px's average advance, near enough to size a badge's halves. */
const textWidth = (text: string) => Math.round(text.length * 6.6) + 12;

/**
 * A flat two-part badge, "<name_en> | <state>" ("maintenance" for an API Portico put into it), in
 * the state's colour (text at 4.5:1 or more).
 */
export function statusBadge(api: Pick<StatusApi, 'name_en' | 'state' | 'maintenance'>): string {
  const label = escapeHtml(api.name_en);
  const state = api.maintenance ? 'maintenance' : api.state;
  const left = textWidth(api.name_en);
  const right = textWidth(state);
  const width = left + right;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${label}: ${state}">`,
    `<title>${label}: ${state}</title>`,
    `<rect width="${left}" height="20" fill="#24292f"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="${BADGE_COLOURS[api.state]}"/>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${left / 2}" y="14">${label}</text>`,
    `<text x="${left + right / 2}" y="14">${state}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('');
}
