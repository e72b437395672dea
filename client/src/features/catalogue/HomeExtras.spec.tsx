import type { Ad, Partner } from '@contracts/content';
import { render, screen } from '@testing-library/react';
import { I18nProvider, type Lang } from '../../i18n';
import { AdsGrid, PartnersGrid } from './HomeExtras';

const STAMPS = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const partner = (extra: Partial<Partner>): Partner => ({
  id: 1,
  name: 'CloudNest',
  name_en: '',
  logo_url: '',
  website_url: 'https://cloudnest.example.com',
  description: '',
  description_en: '',
  sort_order: 0,
  status: 1,
  ...STAMPS,
  ...extra,
});
const ad = (extra: Partial<Ad>): Ad => ({
  id: 1,
  title: '',
  title_en: '',
  image_url: '/demo/ad.svg',
  link_url: 'https://ad.example.com',
  description: '',
  description_en: '',
  sort_order: 0,
  status: 1,
  ...STAMPS,
  ...extra,
});

const inPage = (lang: Lang, node: React.ReactNode) =>
  render(<I18nProvider initial={lang}>{node}</I18nProvider>);

describe('the home page’s partners and ads', () => {
  it.each([
    ['en', 'Alibaba Cloud', 'Cloud servers'],
    ['zh', '阿里云', '云服务器'],
  ] as const)('are named in the page’s language (%s), else as written', (lang, name, hint) => {
    inPage(
      lang,
      <PartnersGrid
        partners={[
          partner({ id: 1, name: 'CloudNest', description: '托管 Kubernetes' }),
          partner({
            id: 2,
            name: '阿里云',
            name_en: 'Alibaba Cloud',
            description: '云服务器',
            description_en: 'Cloud servers',
          }),
        ]}
      />,
    );
    expect(screen.getByRole('link', { name })).toHaveAttribute('title', hint);
    // A partner with no English text keeps the text as written on English pages.
    expect(screen.getByRole('link', { name: 'CloudNest' })).toHaveAttribute(
      'title',
      '托管 Kubernetes',
    );
  });

  it.each([
    ['en', 'Monitor every endpoint', 'Uptime checks every 30 seconds'],
    ['zh', '监控每一个接口', '每 30 秒检查一次可用性'],
  ] as const)('show an ad in the page’s language (%s)', (lang, title, description) => {
    inPage(
      lang,
      <AdsGrid
        ads={[
          ad({
            title: '监控每一个接口',
            title_en: 'Monitor every endpoint',
            description: '每 30 秒检查一次可用性',
            description_en: 'Uptime checks every 30 seconds',
          }),
        ]}
      />,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent(title);
    expect(link).toHaveTextContent(description);
  });
});
