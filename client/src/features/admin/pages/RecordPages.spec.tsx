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
