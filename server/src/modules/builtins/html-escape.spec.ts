import { HTML_ESCAPE_HANDLERS } from './html-escape';
import { harness } from './test/harness';

const { data } = harness(HTML_ESCAPE_HANDLERS);

describe('html-escape', () => {
  it('escapes the five special characters', async () => {
    expect((await data('html-escape', { text: `<a href="x">Tom & 'Jerry'</a>` })).result).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it('unescapes named and numeric entities, leaving unknown ones alone', async () => {
    const result = await data('html-escape', {
      action: 'unescape',
      text: '&lt;p&gt; &amp;copy; &#x1F600; &#169; &#55296; &#0; &bogus; &constructor;',
    });
    expect(result.result).toBe('<p> &copy; 😀 © &#55296; &#0; &bogus; &constructor;');
  });
});
