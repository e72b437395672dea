import { classifySidebarLink } from './sidebar-links';

describe('classifySidebarLink', () => {
  it('routes URLs starting with a slash inside the app', () => {
    expect(classifySidebarLink({ url: '/about', target: '_blank' })).toEqual({
      kind: 'internal',
      to: '/about',
    });
    expect(classifySidebarLink({ url: ' /user/dashboard ', target: '_self' })).toEqual({
      kind: 'internal',
      to: '/user/dashboard',
    });
  });

  it('leaves /apis/ paths to the browser', () => {
    expect(classifySidebarLink({ url: '/apis/ip', target: '_self' })).toEqual({
      kind: 'document',
      href: '/apis/ip',
    });
  });

  it('opens external URLs in a new tab unless the link says _self', () => {
    expect(classifySidebarLink({ url: 'https://x.example.com', target: '_blank' })).toEqual({
      kind: 'external',
      href: 'https://x.example.com',
      newTab: true,
    });
    expect(classifySidebarLink({ url: 'https://x.example.com', target: null })).toMatchObject({
      newTab: true,
    });
    expect(classifySidebarLink({ url: 'https://x.example.com', target: '_self' })).toMatchObject({
      newTab: false,
    });
    expect(classifySidebarLink({ url: '//cdn.example.com/a', target: '_blank' })).toEqual({
      kind: 'external',
      href: 'https://cdn.example.com/a',
      newTab: true,
    });
  });

  it.each([null, '', '   ', 'javascript:alert(1)', 'data:text/html,hi'])(
    'shows %p as a disabled label',
    (url) => {
      expect(classifySidebarLink({ url, target: '_blank' })).toEqual({ kind: 'disabled' });
    },
  );
});
