import {
  Ad,
  ApiDailyStat,
  ApiEntry,
  FriendLink,
  Partner,
  SidebarLink,
} from '../src/database/entities';
import { dayBefore, dayOf } from '../src/common/quota-period';
import {
  addDailyCalls,
  createAd,
  createApi,
  createFriendLink,
  createPartner,
  createSidebarLink,
  updateSiteConfig,
} from './factories/catalogue';
import { loginAdmin } from './factories/users';
import { describeEachDb } from './harness';

describeEachDb('public site content', (ctx) => {
  const get = (path: string) => ctx.t.client().get(path);
  const clear = (entity: Parameters<typeof ctx.t.dataSource.getRepository>[0]) =>
    ctx.t.dataSource.getRepository(entity).createQueryBuilder().delete().execute();

  describe('GET /api/get_config.php', () => {
    it('gives the public site settings', async () => {
      await updateSiteConfig(ctx.t.dataSource, {
        site_title: 'My APIs',
        copyright: '© 我',
        copyright_en: '© me',
        icp: 'ICP 123',
        home_notice: '各位好',
        home_notice_en: 'Hello visitors',
        analytics_code: '<script>secret()</script>',
      });
      const res = await get('/api/get_config.php');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'ok',
        data: {
          site_title: 'My APIs',
          site_keywords: '',
          site_description: '',
          site_favicon: '',
          site_url: '',
          copyright: '© 我',
          copyright_en: '© me',
          icp: 'ICP 123',
          home_notice: '各位好',
          home_notice_en: 'Hello visitors',
          mail_enabled: false,
          email_required: false,
        },
      });
    });
  });

  describe('GET /api/get_sidebar_links_public.php', () => {
    it('lists enabled links by sort order then id, keeping empty URLs and targets', async () => {
      await clear(SidebarLink);
      const ds = ctx.t.dataSource;
      const second = await createSidebarLink(ds, { title: 'B', sort_order: 2 });
      const firstA = await createSidebarLink(ds, {
        title: 'A1',
        title_en: 'A one',
        description_en: 'The first',
        sort_order: 1,
        url: 'https://x.example.com',
        target: '_blank',
      });
      const firstB = await createSidebarLink(ds, { title: 'A2', sort_order: 1, url: null });
      await createSidebarLink(ds, { title: 'off', sort_order: 0, status: 0 });
      const res = await get('/api/get_sidebar_links_public.php');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        {
          id: firstA.id,
          title: 'A1',
          title_en: 'A one',
          description: '',
          description_en: 'The first',
          url: 'https://x.example.com',
          target: '_blank',
          sort_order: 1,
          status: 1,
        },
        expect.objectContaining({ id: firstB.id, url: null, target: '_self', title_en: '' }),
        expect.objectContaining({ id: second.id, url: '/about' }),
      ]);
    });
  });

  describe('GET /api/get_friend_links_public.php', () => {
    it('lists enabled friend links, smaller sort order first', async () => {
      await clear(FriendLink);
      const ds = ctx.t.dataSource;
      await createFriendLink(ds, { name: 'Late', sort_order: 5 });
      await createFriendLink(ds, { name: 'Hidden', sort_order: 0, status: 0 });
      await createFriendLink(ds, {
        name: 'Early',
        sort_order: -1,
        avatar_url: 'https://a.example.com/me.png',
        description: '你好',
        description_en: 'hi',
      });
      const res = await get('/api/get_friend_links_public.php');
      expect(res.status).toBe(200);
      expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['Early', 'Late']);
      expect(res.body.data[0]).toEqual({
        id: expect.any(Number),
        name: 'Early',
        link_url: 'https://friend.example.com',
        avatar_url: 'https://a.example.com/me.png',
        description: '你好',
        description_en: 'hi',
        sort_order: -1,
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it('gives an empty list when there are none', async () => {
      await clear(FriendLink);
      expect((await get('/api/get_friend_links_public.php')).body).toEqual({
        success: true,
        message: 'ok',
        data: [],
      });
    });
  });

  describe('public reads of GET /api/admin/get_partners.php and get_ads.php', () => {
    it('shows visitors only enabled partners, in display order', async () => {
      await clear(Partner);
      const ds = ctx.t.dataSource;
      await createPartner(ds, { name: 'Second', sort_order: 2 });
      await createPartner(ds, { name: 'Off', sort_order: 1, status: 0 });
      await createPartner(ds, {
        name: 'First',
        name_en: 'First in English',
        sort_order: 1,
        logo_url: '/logo.svg',
        website_url: 'https://first.example.com',
      });
      const res = await get('/api/admin/get_partners.php');
      expect(res.status).toBe(200);
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['First', 'Second']);
      expect(res.body.data[0]).toEqual({
        id: expect.any(Number),
        name: 'First',
        name_en: 'First in English',
        logo_url: '/logo.svg',
        website_url: 'https://first.example.com',
        description: '',
        description_en: '',
        sort_order: 1,
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it('shows visitors only enabled ads, in display order', async () => {
      await clear(Ad);
      const ds = ctx.t.dataSource;
      const b = await createAd(ds, { title: 'B', description_en: 'Bee', sort_order: 0 });
      const a = await createAd(ds, { title: 'A', sort_order: 0 });
      await createAd(ds, { title: 'Off', sort_order: -5, status: 0 });
      const res = await get('/api/admin/get_ads.php');
      expect(res.status).toBe(200);
      expect(res.body.data.map((ad: { id: number }) => ad.id)).toEqual([b.id, a.id]);
      expect(res.body.data[0]).toEqual({
        id: b.id,
        title: 'B',
        title_en: '',
        image_url: 'https://img.example.com/a.png',
        link_url: 'https://ads.example.com',
        description: '',
        description_en: 'Bee',
        sort_order: 0,
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });
  });

  describe('GET /api/admin/get_partners.php and get_ads.php with an admin session', () => {
    it('includes disabled rows for the admin only', async () => {
      await clear(Partner);
      await clear(Ad);
      const ds = ctx.t.dataSource;
      await createPartner(ds, { name: 'On', sort_order: 2 });
      await createPartner(ds, { name: 'Off', sort_order: 1, status: 0 });
      await createAd(ds, { title: 'Ad on', sort_order: 1 });
      await createAd(ds, { title: 'Ad off', sort_order: 0, status: 0 });
      const admin = ctx.t.client();
      await loginAdmin(ctx.t, admin);

      const partners = await admin.get('/api/admin/get_partners.php');
      expect(partners.body.data.map((p: { name: string }) => p.name)).toEqual(['Off', 'On']);
      const ads = await admin.get('/api/admin/get_ads.php');
      expect(ads.body.data.map((ad: { title: string }) => ad.title)).toEqual(['Ad off', 'Ad on']);

      const visitorAds = await get('/api/admin/get_ads.php');
      expect(visitorAds.body.data.map((ad: { title: string }) => ad.title)).toEqual(['Ad on']);
    });
  });

  describe('GET /api/get_usage_stats.php', () => {
    it('sums all calls and only today’s daily counters (the site’s day)', async () => {
      await clear(ApiDailyStat);
      await clear(ApiEntry);
      const ds = ctx.t.dataSource;
      const a = await createApi(ds, { usage_count: 1200 });
      const b = await createApi(ds, { usage_count: 34, status: 0 });
      const today = dayOf(Date.now(), ctx.t.env.SITE_TIME_ZONE);
      const yesterday = dayBefore(today, 1);
      await addDailyCalls(ds, { api_id: a.id, access_date: today, calls: 7 });
      await addDailyCalls(ds, { api_id: b.id, access_date: today, calls: 3 });
      await addDailyCalls(ds, { api_id: a.id, access_date: yesterday, calls: 500 });
      const res = await get('/api/get_usage_stats.php');
      expect(res.status).toBe(200);
      const summary = { total_global_calls: 1234, total_today_global_calls: 10 };
      // SPEC §3 calls the payload "summary"; DESIGN §4 puts it under data: both are there.
      expect(res.body).toEqual({ success: true, message: 'ok', data: summary, summary });
    });

    it('gives zeros on an empty site', async () => {
      await clear(ApiDailyStat);
      await clear(ApiEntry);
      expect((await get('/api/get_usage_stats.php')).body.data).toEqual({
        total_global_calls: 0,
        total_today_global_calls: 0,
      });
    });
  });
});
