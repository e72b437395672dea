import { CATEGORY_FIELDS } from '@contracts/categories';
import {
  AD_FIELDS,
  FRIEND_LINK_FIELDS,
  PARTNER_FIELDS,
  SIDEBAR_LINK_FIELDS,
} from '@contracts/content';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { expectRefusalAtControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import AdsPage from './AdsPage';
import CategoriesPage from './CategoriesPage';
import FriendLinksPage from './FriendLinksPage';
import PartnersPage from './PartnersPage';
import SidebarLinksPage from './SidebarLinksPage';

const STAMPS = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

/** Each record form: its page, its calls, a stored record and the fields its add call reads. */
const FORMS: [
  name: string,
  page: ComponentType,
  list: string,
  update: string,
  row: object,
  fields: readonly string[],
][] = [
  [
    'partner',
    PartnersPage,
    'get_partners.php',
    'update_partner.php',
    {
      id: 1,
      name: '示例伙伴',
      name_en: 'Sample partner',
      logo_url: '/demo/partner-1.svg',
      website_url: 'https://partner.example',
      description: '',
      description_en: '',
      sort_order: 0,
      status: 1,
      ...STAMPS,
    },
    PARTNER_FIELDS,
  ],
  [
    'ad',
    AdsPage,
    'get_ads.php',
    'update_ad.php',
    {
      id: 1,
      title: '示例广告',
      title_en: 'Sample ad',
      image_url: '/demo/ad-1.svg',
      link_url: 'https://ad.example',
      description: '',
      description_en: '',
      sort_order: 0,
      status: 1,
      ...STAMPS,
    },
    AD_FIELDS,
  ],
  [
    'sidebar link',
    SidebarLinksPage,
    'get_sidebar_links_admin.php',
    'update_sidebar_link.php',
    {
      id: 1,
      title: '文档',
      title_en: 'Docs',
      url: 'https://docs.example',
      target: '_blank',
      description: '',
      description_en: '',
      sort_order: 0,
      status: 1,
      ...STAMPS,
    },
    SIDEBAR_LINK_FIELDS,
  ],
  [
    'friend link',
    FriendLinksPage,
    'get_friend_links.php',
    'update_friend_link.php',
    {
      id: 4,
      name: '老友',
      link_url: 'https://old.example.com',
      avatar_url: '',
      description: '',
      description_en: 'Old friend',
      sort_order: 2,
      status: 1,
      ...STAMPS,
    },
    FRIEND_LINK_FIELDS,
  ],
  [
    'category',
    CategoriesPage,
    'get_categories.php',
    'update_category.php',
    { id: 1, name: '网络工具', name_en: 'Network', slug: 'network', sort_order: 10, api_count: 3 },
    CATEGORY_FIELDS,
  ],
];

const CASES = FORMS.flatMap(([name, page, list, update, row, fields]) =>
  fields.map((field) => [name, field, page, list, update, row] as const),
);

// Every field the server reads (the DTOs are held to these lists by server unit tests): a refusal
// naming it lands on a visible, focused control in the form, with the text beside it and a link
// to it in the summary.
describe('the record forms', () => {
  it.each(CASES)('show the server’s refusal of the %s’s %s at its control', async (...c) => {
    const [, field, Page, list, update, row] = c;
    server.use(
      http.get(`/api/admin/${list}`, () => ok([row])),
      http.post(`/api/admin/${update}`, () =>
        failure(400, { code: 'request.validation', field, message: `${field} is wrong` }),
      ),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '编辑' }));
    // Named by its title (axe's aria-dialog-name).
    const dialog = await screen.findByRole('dialog', { name: /^编辑/ });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expectRefusalAtControl(dialog);
  });
});

// The seed's partners and friend links show images at site paths (server/src/seed/demo-site.ts):
// opened and saved unchanged, each is sent with its path as it was, nothing marked at a field.
const DEMO_RECORDS: [
  name: string,
  page: ComponentType,
  list: string,
  update: string,
  row: Record<string, unknown>,
  field: string,
  saved: string,
][] = [
  [
    'partner',
    PartnersPage,
    'get_partners.php',
    'update_partner.php',
    {
      id: 1,
      name: 'CloudNest',
      name_en: '',
      logo_url: '/demo/partner-cloudnest.svg',
      website_url: 'https://cloudnest.example.com',
      description: '托管 Kubernetes 与对象存储',
      description_en: 'Managed Kubernetes and object storage',
      sort_order: 1,
      status: 1,
      ...STAMPS,
    },
    'logo_url',
    '更新成功',
  ],
  [
    'friend link',
    FriendLinksPage,
    'get_friend_links.php',
    'update_friend_link.php',
    {
      id: 1,
      name: 'OpenDocs Hub',
      link_url: 'https://opendocs.example.com',
      avatar_url: '/demo/friend-opendocs.svg',
      description: '开源工具的文档合集',
      description_en: 'Documentation for open-source tools',
      sort_order: 1,
      status: 1,
      ...STAMPS,
    },
    'avatar_url',
    '操作成功',
  ],
];

describe('the seeded demo records', () => {
  it.each(DEMO_RECORDS)(
    'save a demo %s unchanged, its site-path image sent as it was',
    async (_name, Page, list, update, row, field, savedText) => {
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.get(`/api/admin/${list}`, () => ok([row])),
        http.post(`/api/admin/${update}`, async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          return ok(row, '');
        }),
      );
      render(
        <Provider store={makeStore()}>
          <MemoryRouter>
            <Page />
          </MemoryRouter>
        </Provider>,
      );
      await userEvent.click(await screen.findByRole('button', { name: '编辑' }));
      const dialog = await screen.findByRole('dialog', { name: /^编辑/ });
      const image = within(dialog).getByDisplayValue(row[field] as string);
      await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      await screen.findByText(savedText);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({ id: row.id, [field]: row[field] });
      expect(image).not.toHaveAttribute('aria-invalid', 'true');
      expect(document.querySelector('[aria-invalid="true"], .is-invalid')).toBeNull();
      expect(screen.queryByRole('alert', { name: /^未能保存/ })).toBeNull();
    },
  );
});
